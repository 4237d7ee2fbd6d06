import { Link } from 'react-router';
import { T } from '../texts';

/** Placeholder for routes whose capability arrives with a later issue. */
export function Preparing({ title }: { title: string }) {
  return (
    <section className="page narrow preparing">
      <h1>{title}</h1>
      <p className="preparing-badge">{T.common.preparing}</p>
      <p>{T.common.preparingBody}</p>
      <Link className="btn" to="/home">
        {T.common.home}
      </Link>
    </section>
  );
}
