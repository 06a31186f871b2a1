/**
 * Reads barcodes from a camera in the browser (docs/product/desk.md): the browser's own
 * BarcodeDetector where it has one, else the `barcode-detector` ponyfill, whose decoder
 * (zxing-wasm) is served from this site's own assets, never from a CDN. This module is imported
 * only when the camera button is pressed, so the desk never waits for it.
 */
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

const FORMATS = ['code_128', 'qr_code', 'ean_13', 'code_39'];

async function createDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: new (options: object) => Detector })
    .BarcodeDetector;
  if (native) return new native({ formats: FORMATS });
  const { BarcodeDetector, setZXingModuleOverrides } = await import('barcode-detector/ponyfill');
  setZXingModuleOverrides({
    locateFile: (path: string, prefix: string) =>
      path.endsWith('.wasm') ? wasmUrl : prefix + path,
  });
  return new BarcodeDetector({ formats: FORMATS as never });
}

/**
 * Shows the camera in `video` and calls `found` with each barcode read (the same one at most
 * once every two seconds). Answers the function that stops the camera.
 */
export async function startCameraScanner(
  video: HTMLVideoElement,
  found: (code: string) => void,
): Promise<() => void> {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: 'environment' },
    audio: false,
  });
  video.srcObject = stream;
  await video.play();
  const detector = await createDetector();
  let running = true;
  let last = { code: '', at: 0 };
  const look = async () => {
    if (!running) return;
    try {
      const [first] = await detector.detect(video);
      const now = Date.now();
      if (first && (first.rawValue !== last.code || now - last.at > 2000)) {
        last = { code: first.rawValue, at: now };
        found(first.rawValue);
      }
    } catch {
      // A frame that cannot be read yet (the camera warming up): try the next.
    }
    if (running) setTimeout(() => void look(), 250);
  };
  void look();
  return () => {
    running = false;
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
}
