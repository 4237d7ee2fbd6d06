import { useNavigate } from 'react-router';
import { T } from '../texts';

/** The mobile screens' way back. */
export function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" className="link back-btn" onClick={() => navigate(-1)}>
      ← {T.trade.back}
    </button>
  );
}
