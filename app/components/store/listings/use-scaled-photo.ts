import { useState, type ChangeEvent } from "react";
import { SCALE_TO } from "~/models/media/images";

/** A photo smaller than this goes as it is: scaling it would save little. */
const SCALE_ABOVE_BYTES = 1024 * 1024;

/**
 * With JavaScript, each photo chosen for a listing is scaled down in the browser before the
 * form sends it (docs/decisions/marketplace-phone-photos.md, "A phone photo just works"): a phone's 5-12 MB camera
 * photo becomes a few hundred KB of JPEG, at most SCALE_TO pixels on its longest side,
 * turned upright, and takes its place in the file input, so the same plain form posts it.
 * Anything the browser cannot scale goes as it was chosen: the server scales it too.
 */
export function useScaledPhoto() {
  const [scaling, setScaling] = useState(false);
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const chosen = [...(input.files ?? [])];
    const worth = (file: File) => file.type.startsWith("image/") && file.size > SCALE_ABOVE_BYTES;
    if (!chosen.some(worth) || typeof createImageBitmap !== "function") return;
    setScaling(true);
    try {
      const scaled: File[] = [];
      for (const file of chosen) {
        // Not decodable here (an unusual format): it goes as chosen, and the server reads it or says why not.
        const smaller = worth(file) ? await scaleDown(file).catch(() => null) : null;
        scaled.push(smaller && smaller.size < file.size ? smaller : file);
      }
      // Only if the seller has not chosen again meanwhile.
      if (input.files?.[0] === chosen[0] && input.files?.length === chosen.length) {
        const files = new DataTransfer();
        for (const file of scaled) files.items.add(file);
        input.files = files.files;
      }
    } finally {
      setScaling(false);
    }
  };
  return { scaling, onChange };
}

async function scaleDown(file: File) {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  const scale = Math.min(1, SCALE_TO / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext("2d");
  if (!context) return null;
  // A transparent PNG becomes a JPEG on white, not on black.
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
  return blob ? new File([blob], `${file.name.replace(/\.[^.]*$/, "") || "photo"}.jpg`, { type: "image/jpeg", lastModified: file.lastModified }) : null;
}
