// Stands in for sharp: loading it anywhere in the api's module graph calls this.
const mockSharpLoaded = jest.fn();
jest.mock('sharp', () => {
  mockSharpLoaded();
  return {};
});

describe('the api process', () => {
  it('never loads sharp: image and video processing are the worker’s', () => {
    // Loaded here, not imported, so the mock above is in place first; its own imports see the mock.
    jest.requireActual('./app.factory');
    expect(mockSharpLoaded).not.toHaveBeenCalled();
  });
});
