import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The part of the Barcode Detection API the scanner uses (not in TypeScript's DOM types yet). */
type BarcodeDetectorLike = { detect: (source: HTMLVideoElement) => Promise<Array<{ rawValue: string }>> };
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** Reads the QR code in the video's current frame, if there is one. */
type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

const SCAN_INTERVAL_MS = 200;
/** The same code in front of the camera for a while is one scan, not one a frame. */
const SAME_CODE_PAUSE_MS = 3_000;
/**
 * jsQR reads a copy of the frame no longer than this on its longer side: a ticket held up to the camera
 * stays readable, and a phone reads five frames a second without heating up.
 */
const MAX_FRAME_SIDE = 640;

function barcodeDetector(): BarcodeDetectorConstructor | null {
  const candidate = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  return typeof candidate === 'function' ? candidate : null;
}

/**
 * The browser's own reader where there is one; elsewhere (Firefox, Safari, Chromium on Linux) jsQR, a
 * decoder in JavaScript, fetched only now: it is the size of a screen, and only a door without a native
 * reader needs it (decision 0028).
 */
async function openFrameReader(): Promise<FrameReader> {
  const Detector = barcodeDetector();
  if (Detector) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: readQrCode } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D canvas to read camera frames from');
  return async (video) => {
    const { videoWidth, videoHeight } = video;
    if (videoWidth === 0 || videoHeight === 0) return null;
    const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(videoWidth, videoHeight));
    const width = Math.round(videoWidth * scale);
    const height = Math.round(videoHeight * scale);
    // Setting a canvas's size clears and reallocates it: only when the camera's frame size changes.
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    // Tickets are dark on white (the server draws them so): no inverted attempt doubling the work.
    return readQrCode(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/** The camera and a QR reader: the browser's own BarcodeDetector, or jsQR where it has none. */
export function QrScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation('check-in');
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<'unsupported' | 'camera' | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isStopped = false;
    let last = { code: '', at: 0 };
    const scan = async (read: FrameReader) => {
      if (isStopped || !video.current) return;
      try {
        const found = await read(video.current);
        const now = Date.now();
        if (found && (found !== last.code || now - last.at > SAME_CODE_PAUSE_MS)) {
          last = { code: found, at: now };
          onCodeRef.current(found);
        }
      } catch {
        // A frame that is not ready yet: the next one is tried.
      }
      timer = setTimeout(() => void scan(read), SCAN_INTERVAL_MS);
    };
    const start = async () => {
      let read: FrameReader;
      try {
        read = await openFrameReader();
      } catch {
        setProblem('unsupported');
        return;
      }
      try {
        const opened = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        stream = opened;
        if (isStopped || !video.current) {
          opened.getTracks().forEach((track) => track.stop());
          return;
        }
        video.current.srcObject = opened;
        await video.current.play();
      } catch {
        setProblem('camera');
        return;
      }
      void scan(read);
    };
    void start();
    return () => {
      isStopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  if (problem)
    return (
      <p className="rounded-lg bg-muted p-3 text-sm text-muted-foreground" role="status" data-testid="scanner-problem">
        {problem === 'unsupported' ? t('scanner.unsupported') : t('scanner.noCamera')}
      </p>
    );
  return (
    <video
      ref={video}
      muted
      playsInline
      aria-label={t('scanner.label')}
      className="aspect-square w-full max-w-sm rounded-lg bg-black object-cover"
      data-testid="scanner-video"
    />
  );
}
