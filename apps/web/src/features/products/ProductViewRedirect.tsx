import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PATHS } from '../../shared/paths';
import { T } from '../../shared/texts';
import { useNotify } from '../../shared/ui/notify';
import { Loading } from '../../shared/ui/states';
import { productSeq } from './api';
import { productQuery } from './api';

/** /productView/{id}: looks the product up, then searches home by its part number (docs/requirements.md#routes). */
export function ProductViewRedirect() {
  const seq = productSeq(useParams().id);
  const query = useQuery({ ...productQuery(seq ?? 0), enabled: seq !== null });
  const navigate = useNavigate();
  const notify = useNotify();
  const missing = seq === null || query.isError;
  useEffect(() => {
    // No such product: the original alert, then home (docs/requirements.md#shop-screens).
    if (missing) void notify.alert(T.common.empty).then(() => navigate(PATHS.home[0], { replace: true }));
  }, [missing, notify, navigate]);
  if (query.data)
    return (
      <Navigate
        to={`${PATHS.home[0]}?${new URLSearchParams({ searchType: 'pid', keyword: query.data.pid })}`}
        replace
      />
    );
  return <Loading className="page center" />;
}
