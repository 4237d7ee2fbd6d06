import { lazy } from 'react';

/** The member area's QR login button; its code (QR drawing) loads when the button is first shown. */
export const QrLoginButton = lazy(() => import('./QrLogin').then((m) => ({ default: m.QrLoginButton })));
