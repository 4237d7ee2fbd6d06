import type { FitVehicle } from '@partsmall/contract';
import { V } from '../texts';
import '../vehicles.css';

/** '내 차량 적합: 2017 BMW X5 (1234567)' under a product or cart line; nothing when none fits. */
export function FitsMyVehicles({
  fits,
  className = 'fits-mine',
}: {
  fits: readonly FitVehicle[] | undefined;
  className?: string;
}) {
  if (!fits || fits.length === 0) return null;
  return (
    <p className={className} data-testid="fits-my-vehicles">
      <span className="fits-mine-badge">{V.fits}</span> {V.fitsLine(fits)}
    </p>
  );
}
