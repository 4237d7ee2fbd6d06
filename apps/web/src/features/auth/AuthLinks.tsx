import { Link } from 'react-router';
import { pathFor, type PathName } from '../../shared/paths';

/** The links under the login, join and find forms, to the desktop or the mobile routes. */
export function AuthLinks({
  mobile,
  links,
  lead,
}: {
  mobile: boolean;
  links: readonly (readonly [PathName, string])[];
  lead?: string;
}) {
  return (
    <nav className="auth-links">
      {lead && <span>{lead}</span>}
      {links.map(([name, label]) => (
        <Link key={name + label} to={pathFor(name, mobile)}>
          {label}
        </Link>
      ))}
    </nav>
  );
}
