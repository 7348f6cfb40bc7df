import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Tests do not share globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
