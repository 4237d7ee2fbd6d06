import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { formatQrShortCode, qrLoginUrl, type QrLoginCode } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { Modal } from '../../shared/ui/Modal';
import { useNotify } from '../../shared/ui/notify';
import { chatKeys, useQrLogin, useQrLoginCode } from './api';
import { TC } from './texts';
import './chat.css';

/**
 * Mobile QR login (docs/requirements.md#qr-login): the desktop member area shows a one-time code
 * (60 s, once) as a QR code holding the address of the shop's mobile login with the code, so the
 * phone's own camera app opens it and the phone gets a session (QrPhoneLogin.tsx); the login page's
 * scanner reads the same code. A short code beside it is typed when the camera is blocked.
 */

function secondsLeft(code: QrLoginCode | null, now: number): number {
  return code ? Math.min(code.ttlSec, Math.max(0, Math.ceil((new Date(code.expiresAt).getTime() - now) / 1000))) : 0;
}

/** The desktop side: a button that shows the code as a QR code with its countdown. */
export function QrLoginButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-block" onClick={() => setOpen(true)} data-testid="qr-open">
        {TC.qrTitle}
      </button>
      {open && <QrLoginModal onClose={() => setOpen(false)} />}
    </>
  );
}

function QrLoginModal({ onClose }: { onClose: () => void }) {
  const issue = useQrLoginCode();
  const notify = useNotify();
  const [now, setNow] = useState(() => Date.now());
  const code = issue.data ?? null;
  const { mutate } = issue;
  const renew = useCallback(
    () => mutate(undefined, { onError: (e) => void notify.alert(messageOf(e)) }),
    [mutate, notify],
  );
  useEffect(renew, [renew]);
  // The picture of the code, drawn once per code (TanStack Query drops an answer for an old code).
  // PUBLIC_URL when the server has one, otherwise the address this page was opened at.
  const url = code ? (code.loginUrl ?? qrLoginUrl(window.location.origin, code.code)) : null;
  const image =
    useQuery({
      queryKey: chatKeys.qrImage(url),
      queryFn: () => QRCode.toDataURL(url!, { margin: 2, width: 200, errorCorrectionLevel: 'M' }),
      enabled: code !== null,
      staleTime: Infinity,
    }).data ?? null;
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const left = secondsLeft(code, now);
  return (
    <Modal title={TC.qrTitle} onClose={onClose} size="narrow">
      <div
        className="qr-box"
        data-testid="qr-box"
        data-code={left > 0 ? (code?.code ?? '') : ''}
        data-url={left > 0 ? (url ?? '') : ''}
      >
        <p>{TC.qrBody}</p>
        {image && left > 0 ? <img src={image} alt={TC.qrTitle} /> : <p>{code ? TC.qrExpired : ''}</p>}
        {code && left > 0 && <b>{TC.qrLeft(left)}</b>}
        {code?.shortCode && left > 0 && (
          <p className="qr-short">
            {TC.qrShortLabel}
            <b data-testid="qr-short-code">{formatQrShortCode(code.shortCode)}</b>
          </p>
        )}
        <button type="button" className="btn" onClick={renew} disabled={issue.isPending}>
          {TC.qrRenew}
        </button>
      </div>
    </Modal>
  );
}

/** Reads QR codes from the camera every 250 ms until one is found. */
function useQrScanner(onCode: (text: string) => void, onNoCamera: () => void) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | null = null;
    let done = false;
    const canvas = document.createElement('canvas');
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera api');
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      if (done) return;
      const v = video.current!;
      v.srcObject = stream;
      await v.play();
      timer = setInterval(() => {
        if (done || v.videoWidth === 0) return;
        canvas.width = v.videoWidth;
        canvas.height = v.videoHeight;
        const ctx = canvas.getContext('2d', { willReadFrequently: true });
        if (!ctx) return;
        ctx.drawImage(v, 0, 0);
        const found = jsQR(ctx.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
        if (found?.data) {
          done = true;
          onCode(found.data);
        }
      }, 250);
    };
    start().catch(() => {
      if (!done) onNoCamera();
    });
    return () => {
      done = true;
      if (timer) clearInterval(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [onCode, onNoCamera]);
  return video;
}

/** The phone side on /mobileLogin: the camera view; a code read logs this phone in (QrScanButton opens it). */
export function QrScanModal({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const login = useQrLogin();
  const { mutate } = login;
  const onCode = useCallback(
    (text: string) =>
      mutate(text, {
        onSuccess: (a) => {
          notify.toast(a.message || TC.qrDone);
          navigate('/mobile');
        },
        onError: (e) => {
          void notify.alert(messageOf(e) || TC.qrFailed);
          onClose();
        },
      }),
    [mutate, notify, navigate, onClose],
  );
  const onNoCamera = useCallback(() => {
    void notify.alert(TC.qrNoCamera);
    onClose();
  }, [notify, onClose]);
  const video = useQrScanner(onCode, onNoCamera);
  return (
    <Modal title={TC.qrScanTitle} onClose={onClose} busy={login.isPending}>
      <div className="qr-scan" data-testid="qr-scanner">
        <p>{TC.qrScanBody}</p>
        <video ref={video} muted playsInline />
      </div>
    </Modal>
  );
}
