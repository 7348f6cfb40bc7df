import { useEffect, useId, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { CROP } from '@datebook/contracts';
import { classNames } from '@/lib/class-names';
import { drawCrop } from './crop-canvas';
import { clampOffset, cropRectangle, snapZoom, type CropOffset } from './crop-math';
import type { LoadedImage } from './load-image';
import './image-cropper.css';

export interface CropState {
  zoom: number;
  offset: CropOffset;
}

interface ImageCropperProps {
  image: LoadedImage;
  crop: CropState;
  onChange: (crop: CropState) => void;
  /** `circle` dims what a round avatar hides; a post's square photo keeps the whole square. */
  mask?: 'circle' | 'square';
}

/** The preview canvas's own pixels; the stage shows it at most 20rem wide. */
const PREVIEW_EDGE = 512;

/** Arrow keys move the photo by this share of the square; with Shift, by four times as much. */
const KEY_STEP = 0.05;

/**
 * The square crop: drag the photo (mouse, touch or pen) or use the arrow keys to place it, and the
 * slider (or + and -) to zoom. The preview is drawn exactly as the saved file will be.
 */
export function ImageCropper({ image, crop, onChange, mask = 'circle' }: ImageCropperProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ pointerId: number; x: number; y: number; from: CropOffset } | null>(null);
  const hintId = useId();
  const zoomId = useId();

  useEffect(() => {
    if (canvasRef.current) {
      drawCrop(canvasRef.current, image.element, cropRectangle(image, crop.zoom, crop.offset));
    }
  }, [image, crop]);

  const moveTo = (offset: CropOffset) =>
    onChange({ zoom: crop.zoom, offset: clampOffset(offset, image, crop.zoom) });
  const zoomTo = (zoom: number) => {
    const snapped = snapZoom(zoom);
    onChange({ zoom: snapped, offset: clampOffset(crop.offset, image, snapped) });
  };

  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, from: crop.offset };
  };
  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (start?.pointerId !== event.pointerId) {
      return;
    }
    const width = event.currentTarget.clientWidth || 1;
    moveTo({
      x: start.from.x + (event.clientX - start.x) / width,
      y: start.from.y + (event.clientY - start.y) / width,
    });
  };
  const endDrag = () => {
    drag.current = null;
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? KEY_STEP * 4 : KEY_STEP;
    const moves: Record<string, CropOffset> = {
      ArrowLeft: { x: -step, y: 0 },
      ArrowRight: { x: step, y: 0 },
      ArrowUp: { x: 0, y: -step },
      ArrowDown: { x: 0, y: step },
    };
    const move = moves[event.key];
    if (move) {
      moveTo({ x: crop.offset.x + move.x, y: crop.offset.y + move.y });
    } else if (event.key === '+' || event.key === '=') {
      zoomTo(crop.zoom + CROP.zoomStep);
    } else if (event.key === '-') {
      zoomTo(crop.zoom - CROP.zoomStep);
    } else {
      return;
    }
    event.preventDefault();
  };

  return (
    <div className={classNames('image-cropper', `image-cropper--${mask}`)}>
      <div
        className="image-cropper__stage"
        role="group"
        aria-label="Crop area"
        aria-describedby={hintId}
        tabIndex={0}
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={handleKeyDown}
      >
        <canvas
          ref={canvasRef}
          className="image-cropper__canvas"
          width={PREVIEW_EDGE}
          height={PREVIEW_EDGE}
          role="img"
          aria-label="Preview of your new photo"
        />
      </div>
      <p id={hintId} className="image-cropper__hint">
        Drag the photo, or use the arrow keys, to place it in the square.
      </p>
      <div className="image-cropper__zoom">
        <label htmlFor={zoomId}>Zoom</label>
        <input
          id={zoomId}
          type="range"
          min={CROP.minZoom}
          max={CROP.maxZoom}
          step={CROP.zoomStep}
          value={crop.zoom}
          aria-valuetext={`${crop.zoom.toFixed(1)}×`}
          onChange={(event) => zoomTo(Number(event.target.value))}
        />
        <output htmlFor={zoomId}>{crop.zoom.toFixed(1)}×</output>
      </div>
    </div>
  );
}
