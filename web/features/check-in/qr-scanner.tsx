import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The part of the Barcode Detection API the scanner uses (not in TypeScript's DOM types yet). */
type BarcodeDetectorLike = { detect: (source: HTMLVideoElement) => Promise<Array<{ rawValue: string }>> };
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

const SCAN_INTERVAL_MS = 200;
/** The same code in front of the camera for a while is one scan, not one a frame. */
const SAME_CODE_PAUSE_MS = 3_000;

function barcodeDetector(): BarcodeDetectorConstructor | null {
  const candidate = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  return typeof candidate === 'function' ? candidate : null;
}

/**
 * The camera and the browser's own QR reader (BarcodeDetector: Chrome on Android, ChromeOS and macOS,
 * Safari 17+ on some devices). Where there is none, the door's typed code does the same work.
 */
export function QrScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation('check-in');
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<'unsupported' | 'camera' | null>(() =>
    barcodeDetector() ? null : 'unsupported',
  );
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    const Detector = barcodeDetector();
    if (!Detector) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isStopped = false;
    let last = { code: '', at: 0 };
    const detector = new Detector({ formats: ['qr_code'] });
    const scan = async () => {
      if (isStopped || !video.current) return;
      try {
        const [found] = await detector.detect(video.current);
        const now = Date.now();
        if (found?.rawValue && (found.rawValue !== last.code || now - last.at > SAME_CODE_PAUSE_MS)) {
          last = { code: found.rawValue, at: now };
          onCodeRef.current(found.rawValue);
        }
      } catch {
        // A frame that is not ready yet: the next one is tried.
      }
      timer = setTimeout(() => void scan(), SCAN_INTERVAL_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (opened) => {
        stream = opened;
        if (isStopped || !video.current) return;
        video.current.srcObject = opened;
        await video.current.play();
        void scan();
      })
      .catch(() => setProblem('camera'));
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
