import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { AVATAR_SIZES, CROP, messages, uploadProblem } from '@datebook/contracts';
import { errorMessageOf } from '@/lib/field-errors';
import { Button } from '@/ui/actions/button';
import { FormMessage } from '@/ui/feedback/form-message';
import { cropToJpeg } from '@/ui/image-crop/crop-canvas';
import { cropRectangle } from '@/ui/image-crop/crop-math';
import { ImageCropper, type CropState } from '@/ui/image-crop/image-cropper';
import { loadImage, type LoadedImage } from '@/ui/image-crop/load-image';
import { Dialog } from '@/ui/layout/dialog/dialog';
import { focusableElements } from '@/ui/layout/dialog/focusable';
import { uploadAvatar } from './upload-avatar';
import './avatar-dialog.css';

interface AvatarDialogProps {
  avatarUrl: string | null;
  /** Processing has started; the dialog closes itself after calling this. */
  onSaved: (uploadId: string) => void;
  onClose: () => void;
}

type Step = { name: 'options' } | { name: 'view' } | { name: 'crop'; image: LoadedImage };

/** The saved avatar's edge: the largest rendition the worker makes, so none is upscaled. */
const AVATAR_EDGE = AVATAR_SIZES[0];

const INITIAL_CROP: CropState = { zoom: CROP.minZoom, offset: { x: 0, y: 0 } };

/**
 * Spec section 4's avatar dialog: options (view or change), the photo at full size, and the crop
 * preview. Accept uploads and saves the crop; the dialog closes only when that succeeded, and shows
 * what went wrong otherwise.
 */
export function AvatarDialog({ avatarUrl, onSaved, onClose }: AvatarDialogProps) {
  const [step, setStep] = useState<Step>({ name: 'options' });
  const [crop, setCrop] = useState(INITIAL_CROP);
  const [error, setError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const stepRef = useRef<HTMLDivElement>(null);

  const save = useMutation({
    mutationFn: async (image: LoadedImage) =>
      uploadAvatar(
        await cropToJpeg(image.element, cropRectangle(image, crop.zoom, crop.offset), AVATAR_EDGE),
      ),
    onSuccess: ({ uploadId }) => {
      onSaved(uploadId);
      onClose();
    },
    onError: (failure) => setError(errorMessageOf(failure, messages.errors.unexpected)),
  });

  const image = step.name === 'crop' ? step.image : null;
  // The decoded photo is freed when another replaces it or the dialog closes.
  useEffect(() => () => image?.release(), [image]);

  // The control that had focus belongs to the step just left: start the new step from its top.
  useEffect(() => {
    if (stepRef.current) {
      focusableElements(stepRef.current)[0]?.focus();
    }
  }, [step.name]);

  const choose = async (file: File | undefined) => {
    if (!file) {
      return;
    }
    setError(undefined);
    const problem = uploadProblem({ kind: 'avatar', contentType: file.type, size: file.size });
    if (problem) {
      setError(problem.message);
      return;
    }
    try {
      const loaded = await loadImage(file);
      setCrop(INITIAL_CROP);
      setStep({ name: 'crop', image: loaded });
    } catch {
      setError(messages.loads.failedImage);
    }
  };
  const pickFile = () => fileInput.current?.click();

  return (
    <Dialog title="Profile photo" onClose={onClose}>
      <div ref={stepRef} className="avatar-dialog">
        {error && <FormMessage tone="error">{error}</FormMessage>}
        {step.name === 'options' && (
          <div className="avatar-dialog__options">
            {avatarUrl && (
              <Button variant="secondary" block onClick={() => setStep({ name: 'view' })}>
                View photo
              </Button>
            )}
            <Button block onClick={pickFile}>
              Choose a new photo
            </Button>
          </div>
        )}
        {step.name === 'view' && avatarUrl && (
          <>
            <img className="avatar-dialog__photo" src={avatarUrl} alt="Your profile photo" />
            <div className="avatar-dialog__actions">
              <Button variant="ghost" onClick={() => setStep({ name: 'options' })}>
                Back
              </Button>
              <Button onClick={pickFile}>Change photo</Button>
            </div>
          </>
        )}
        {step.name === 'crop' && (
          <>
            <ImageCropper image={step.image} crop={crop} onChange={setCrop} />
            <div className="avatar-dialog__actions">
              <Button variant="ghost" onClick={pickFile}>
                Choose another
              </Button>
              <Button pending={save.isPending} onClick={() => !save.isPending && save.mutate(step.image)}>
                Accept
              </Button>
            </div>
          </>
        )}
        {/* Opened by the buttons above: a styled button is easier to reach and read than the native picker. */}
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
    </Dialog>
  );
}
