import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFieldValues } from './use-field-values';

const typed = (value: string) => ({ target: { value } });

describe('useFieldValues', () => {
  it('binds a field to its value and error, and editing it clears that error', () => {
    const errors = { fieldErrors: { email: 'Enter an email' }, clearField: vi.fn() };
    const { result } = renderHook(() => useFieldValues({ name: '', email: '' }, errors));

    expect(result.current.field('email')).toMatchObject({
      name: 'email',
      value: '',
      error: 'Enter an email',
    });
    act(() => result.current.field('email').onChange(typed('ada@example.com')));

    expect(result.current.values).toEqual({ name: '', email: 'ada@example.com' });
    expect(errors.clearField).toHaveBeenCalledExactlyOnceWith('email');
  });

  it('brings back the initial values on reset', () => {
    const errors = { fieldErrors: {}, clearField: vi.fn() };
    const { result } = renderHook(() => useFieldValues({ name: 'Ada', email: '' }, errors));

    act(() => result.current.field('name').onChange(typed('Grace')));
    act(() => result.current.reset());

    expect(result.current.values).toEqual({ name: 'Ada', email: '' });
  });
});
