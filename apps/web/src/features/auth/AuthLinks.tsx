import { Link } from 'react-router';
import { pathFor, type PathName } from '../../shared/paths';
import { T } from '../../shared/texts';
import './auth.css';

/** What each link says, the same under every form. */
const LABELS: Partial<Record<PathName, string>> = {
  home: T.common.home,
  login: T.login.title,
  findId: T.login.findId,
  findPw: T.login.findPw,
  join: T.login.join,
};

/** The links under the login, join and find forms, to the desktop or the mobile routes. */
export function AuthLinks({
  mobile,
  links,
  labels = {},
  lead,
}: {
  mobile: boolean;
  links: readonly PathName[];
  /** A link that says something else under this form. */
  labels?: Partial<Record<PathName, string>>;
  lead?: string;
}) {
  return (
    <nav className="auth-links">
      {lead && <span>{lead}</span>}
      {links.map((name) => (
        <Link key={name} to={pathFor(name, mobile)}>
          {labels[name] ?? LABELS[name]}
        </Link>
      ))}
    </nav>
  );
}
