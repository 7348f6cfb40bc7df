import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { CROP, messages, webRoutes } from '@datebook/contracts';
import { Button } from '@/ui/actions/button';
import { FormMessage } from '@/ui/feedback/form-message';
import { cropRectangle } from '@/ui/image-crop/crop-math';
import { ImageCropper, type CropState } from '@/ui/image-crop/image-cropper';
import { loadImage, type LoadedImage } from '@/ui/image-crop/load-image';
import { Page } from '@/ui/layout/page';
import { DraftCardPreview } from './components/draft-card-preview';
import { cropPhotoToJpeg } from './crop-photo';
import type { CreateArrival } from './create-page';
import { draftStore } from './draft/draft-store';
import type { DraftMedia } from './draft/post-draft';
import { validateDraft } from './draft/validate-draft';
import { usePostDraft } from './hooks/use-post-draft';
import './create.css';

const START: CropState = { zoom: CROP.minZoom, offset: { x: 0, y: 0 } };

/** Step 2: each photo cropped square, one by one in order, or skipped as it is. Videos are not cropped. */
export function CropPage() {
  const draft = usePostDraft();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const progressRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    // Arriving, the screen's heading takes focus; each next photo then replaces the one whose Save
    // or Skip had it, so focus goes to the line that says which photo this is.
    if (shownStep.current !== step) {
      shownStep.current = step;
      progressRef.current?.focus();
    }
  }, [step]);
  if (!draft) {
    return (
      <Page title="Crop Photos" className="create-page">
        <p role="status">{messages.loading.generic}</p>
      </Page>
    );
  }
  // A reload or a typed URL can land here with details wanting: those are fixed on step 1.
  if (Object.keys(validateDraft(draft)).length > 0) {
    const arrival: CreateArrival = { focus: 'errors' };
    return <Navigate to={webRoutes.create} state={arrival} replace />;
  }
  const photos = draft.media.filter((item) => item.type === 'photo');
  const photo = photos[step];
  if (!photo) {
    return <Navigate to={photos.length === 0 ? webRoutes.create : webRoutes.createPreview} replace />;
  }
  const next = () => {
    if (step + 1 < photos.length) {
      setStep(step + 1);
    } else {
      void navigate(webRoutes.createPreview);
    }
  };
  return (
    <Page title="Crop Photos" className="create-page">
      <div className="create-layout">
        <PhotoCropper
          key={photo.id}
          photo={photo}
          progress={
            <h2 ref={progressRef} className="crop-step__progress" tabIndex={-1}>
              Photo {step + 1} of {photos.length}
            </h2>
          }
          onDone={next}
        />
        <DraftCardPreview draft={draft} />
      </div>
    </Page>
  );
}

interface PhotoCropperProps {
  photo: DraftMedia;
  /** Which photo of how many: the first line of the step. */
  progress: ReactNode;
  onDone: () => void;
}

function PhotoCropper({ photo, progress, onDone }: PhotoCropperProps) {
  const [image, setImage] = useState<LoadedImage | null>(null);
  const [failed, setFailed] = useState(false);
  const [crop, setCrop] = useState(START);
  const [saving, setSaving] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);

  useEffect(() => {
    let loaded: LoadedImage | null = null;
    let cancelled = false;
    // Always from the original: cropping again starts from the whole photo.
    loadImage(photo.file).then(
      (result) => {
        if (cancelled) {
          result.release();
          return;
        }
        loaded = result;
        setImage(result);
      },
      () => setFailed(true),
    );
    return () => {
      cancelled = true;
      loaded?.release();
    };
  }, [photo.file]);

  const save = async () => {
    if (!image || saving) {
      return;
    }
    setSaving(true);
    setSaveFailed(false);
    let cropped: Blob;
    try {
      cropped = await cropPhotoToJpeg(image.element, cropRectangle(image, crop.zoom, crop.offset));
    } catch (error) {
      console.error('The cropped photo could not be made.', error);
      setSaving(false);
      setSaveFailed(true);
      return;
    }
    draftStore.update((draft) => ({
      ...draft,
      media: draft.media.map((item) => (item.id === photo.id ? { ...item, cropped } : item)),
    }));
    onDone();
  };

  return (
    <div className="crop-step">
      {progress}
      {failed && <FormMessage tone="error">{messages.loads.failedImage}</FormMessage>}
      {saveFailed && <FormMessage tone="error">{messages.errors.unexpected}</FormMessage>}
      {image && <ImageCropper image={image} crop={crop} onChange={setCrop} mask="square" />}
      <div className="crop-step__actions create-sticky-action">
        <Button variant="ghost" onClick={onDone}>
          Skip
        </Button>
        <Button pending={saving} disabled={!image} onClick={() => void save()}>
          Save
        </Button>
      </div>
    </div>
  );
}
