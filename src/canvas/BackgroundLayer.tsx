import { useEffect, useState } from 'react';
import { Image as KonvaImage, Layer, Rect } from './konvaCore';

interface BackgroundLayerProps {
  width: number;
  height: number;
  /** Reference image as a data URL, or null. */
  image: string | null;
  opacity: number;
}

function useLoadedImage(src: string | null): HTMLImageElement | null {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    if (!src) return setImage(null);
    const img = new window.Image();
    img.onload = () => setImage(img);
    img.onerror = () => setImage(null);
    img.src = src;
    return () => {
      img.onload = null;
    };
  }, [src]);
  return image;
}

/** The black canvas (the export's background) and the reference image, fitted inside it at the chosen opacity. */
export function BackgroundLayer({ width, height, image, opacity }: BackgroundLayerProps) {
  const img = useLoadedImage(image);
  const fit = img ? Math.min(width / img.naturalWidth, height / img.naturalHeight) : 1;
  const [w, h] = img ? [img.naturalWidth * fit, img.naturalHeight * fit] : [0, 0];
  return (
    <Layer listening={false}>
      <Rect width={width} height={height} fill="#000" shadowColor="rgba(0,0,0,0.25)" shadowBlur={12} perfectDrawEnabled={false} />
      {img && <KonvaImage image={img} x={(width - w) / 2} y={(height - h) / 2} width={w} height={h} opacity={opacity} />}
    </Layer>
  );
}
