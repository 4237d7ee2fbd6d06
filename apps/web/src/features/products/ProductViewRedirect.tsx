import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { T } from '../../shared/texts';
import { useNotify } from '../../shared/ui/notify';
import { fetchProduct } from './api';

/** /productView/{id}: looks the product up, then searches home by its part number (spec 1 §2). */
export function ProductViewRedirect() {
  const { id } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  useEffect(() => {
    let live = true;
    const seq = Number(id);
    const lookup = Number.isInteger(seq) && seq > 0 ? fetchProduct(seq) : Promise.resolve(null);
    void lookup.then(async (p) => {
      if (!live) return;
      if (p) {
        navigate(`/home?${new URLSearchParams({ searchType: 'pid', keyword: p.pid })}`, { replace: true });
      } else {
        await notify.alert(T.common.empty);
        navigate('/home', { replace: true });
      }
    });
    return () => {
      live = false;
    };
  }, [id, navigate, notify]);
  return (
    <div className="page center">
      <span className="spinner" aria-label={T.common.loading} />
    </div>
  );
}
