import type { EpcPartHit } from '@partsmall/contract';
import { Modal } from '../../../shared/ui/Modal';
import { TE } from '../texts';

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
        <thead>
          <tr>
            <th scope="col">{TE.cols.pid}</th>
            <th scope="col">{TE.cols.label}</th>
            <th scope="col">{TE.cols.pnum}</th>
          </tr>
        </thead>
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
