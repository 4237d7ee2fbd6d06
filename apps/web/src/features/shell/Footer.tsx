import { Link } from 'react-router';
import { phone as formatPhone } from '../../shared/format';
import { useMallConfig } from '../../shared/mall-config';
import { T } from '../../shared/texts';

/** Footer from the shop configuration's mallBottom (docs/requirements.md#shop-screens). */
export function Footer() {
  const b = useMallConfig()?.mallBottom;
  return (
    <footer className="footer">
      <div className="container">
        <nav className="footer-links">
          <Link to="/policy">{T.footer.policy}</Link>
          <Link to="/privacy">
            <b>{T.footer.privacy}</b>
          </Link>
          <Link to="/notice">{T.topBar.notice}</Link>
          <Link to="/map">{T.footer.map}</Link>
        </nav>
        {b && (
          <address className="footer-info">
            <p>
              <b>{b.companyName}</b> | {T.footer.ceo} {b.ceo} | {T.footer.license} {b.license} | {T.footer.mailOrder}{' '}
              {b.mailOrderLicense}
            </p>
            <p>
              {T.footer.address} {b.address} | {T.footer.privacyOfficer} {b.privacyOfficer}
            </p>
            <p>
              {T.footer.phone} {formatPhone(b.phone) || b.phone} | {T.footer.fax} {b.fax} | {T.footer.mail} {b.mail} |{' '}
              {T.footer.hours} {b.hours}
            </p>
            <p className="copyright">{b.copyright}</p>
          </address>
        )}
      </div>
    </footer>
  );
}
