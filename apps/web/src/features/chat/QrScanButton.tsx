import { lazy, Suspense, useState } from 'react';
import { TC } from './texts';
import './chat.css';

// The camera scanner and its QR decoder (jsQR) load when the button is pressed, not with the page.
const QrScanModal = lazy(() => import('./QrLogin').then((m) => ({ default: m.QrScanModal })));

/** The QR login button of the phone's login page: opens the camera view (QrLogin.tsx). */
export function QrScanButton() {
  const [scanning, setScanning] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-block qr-scan-open"
        onClick={() => setScanning(true)}
        data-testid="qr-scan"
      >
        {TC.qrScan}
      </button>
      {scanning && (
        <Suspense fallback={null}>
          <QrScanModal onClose={() => setScanning(false)} />
        </Suspense>
      )}
    </>
  );
}
