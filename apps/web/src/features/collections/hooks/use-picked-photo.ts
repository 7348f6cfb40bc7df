import { useEffect, useState } from 'react';

export interface PickedPhoto {
  file: File;
  /** An object URL for the preview, freed when another photo replaces it or the caller unmounts. */
  url: string;
}

/** A photo picked in a form, with a URL to preview it by until the form is gone. */
export function usePickedPhoto(): [PickedPhoto | undefined, (file: File) => void] {
  const [picked, setPicked] = useState<PickedPhoto>();
  const url = picked?.url;
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  const pick = (file: File) => setPicked({ file, url: URL.createObjectURL(file) });
  return [picked, pick];
}
