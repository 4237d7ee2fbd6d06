import type { EpcPartHit } from '@partsmall/contract';
import { Modal } from '../../../shared/ui/Modal';
import { TE } from '../texts';
import { TableHead } from '../../../shared/ui/TableHead';

/** The results of a part-number search; a row opens the part's place in the catalogue. */
export function PartHits({
  hits,
  onOpen,
  onClose,
}: {
  hits: EpcPartHit[];
  onOpen(hit: EpcPartHit): void;
  onClose(): void;
}) {
  return (
    <Modal title={TE.partSearchResults} onClose={onClose} size="wide">
      <table className="epc-table" data-testid="epc-hits">
        <TableHead cells={[TE.cols.pid, TE.cols.label, TE.cols.pnum]} />
        <tbody>
          {hits.map((h, i) => (
            <tr key={`${h.mid}-${h.pnum}-${i}`} className="clickable" onClick={() => onOpen(h)}>
              <td className="mono">{h.pid}</td>
              <td>{h.label}</td>
              <td className="center">{h.pnum}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
