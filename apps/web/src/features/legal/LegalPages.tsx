import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMallConfig } from '../../shared/mall-config';
import { T } from '../../shared/texts';
import { policyDocument, privacyDocument, shopFacts, type LegalDocument } from './texts';
import './legal.css';

const CIRCLED = '①②③④⑤⑥⑦⑧⑨⑩';

/** The legal texts with the shop configuration's operator, phone and privacy officer filled in. */
export function useLegalDocuments() {
  const facts = shopFacts(useMallConfig()?.mallBottom);
  return { policy: policyDocument(facts), privacy: privacyDocument(facts) };
}

/** One legal document; `compact` is the excerpt inside the join consent boxes. */
export function LegalText({
  doc,
  compact = false,
  withToc = false,
}: {
  doc: LegalDocument;
  compact?: boolean;
  withToc?: boolean;
}) {
  const prefix = useId();
  const Heading = compact ? 'h4' : 'h2';
  return (
    <div className={compact ? 'legal legal-compact' : 'legal'}>
      <p className="legal-intro">{doc.intro}</p>
      {withToc && (
        <nav className="legal-toc" aria-label={T.legal.toc}>
          <ol>
            {doc.articles.map((a, i) => (
              <li key={a.title}>
                <a href={`#${prefix}-${i}`}>{a.title}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {doc.articles.map((a, i) => (
        <section key={a.title} id={`${prefix}-${i}`} className="legal-article">
          <Heading>{a.title}</Heading>
          {a.paragraphs?.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {a.items && (
            <ol className="legal-items">
              {a.items.map((item, n) => (
                <li key={item}>
                  <span className="legal-num" aria-hidden="true">
                    {CIRCLED[n] ?? `${n + 1}.`}
                  </span>
                  {item}
                </li>
              ))}
            </ol>
          )}
          {a.table && (
            <div className="table-scroll">
              <table className="legal-table">
                <thead>
                  <tr>
                    {a.table[0]!.map((h) => (
                      <th key={h} scope="col">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {a.table.slice(1).map((row) => (
                    <tr key={row.join('|')}>
                      {row.map((cell, c) => (
                        <td key={c}>{cell}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
      {doc.closing.map((c) => (
        <p key={c} className="legal-closing">
          {c}
        </p>
      ))}
    </div>
  );
}

function DesktopLegal({ which }: { which: 'policy' | 'privacy' }) {
  const docs = useLegalDocuments();
  const doc = docs[which];
  return (
    <article className="page medium legal-page">
      <nav className="legal-switch" aria-label={T.legal.service}>
        <Link to="/policy" aria-current={which === 'policy' ? 'page' : undefined}>
          {T.legal.policy}
        </Link>
        <Link to="/privacy" aria-current={which === 'privacy' ? 'page' : undefined}>
          {T.legal.privacy}
        </Link>
      </nav>
      <h1>{doc.title}</h1>
      <LegalText doc={doc} withToc />
    </article>
  );
}

export const PolicyPage = () => <DesktopLegal which="policy" />;
export const PrivacyPage = () => <DesktopLegal which="privacy" />;

/** /mobileService: both texts behind two tabs (the tab is kept in the query, ?tab=privacy). */
export function MobileServicePage() {
  const docs = useLegalDocuments();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'privacy' ? 'privacy' : 'policy';
  const id = useId();
  const tabs = [
    { key: 'policy', label: T.legal.policy },
    { key: 'privacy', label: T.legal.privacy },
  ] as const;
  return (
    <article className="m-page legal-page">
      <h1>{T.legal.service}</h1>
      <div className="m-tabs" role="tablist" aria-label={T.legal.service}>
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`${id}-${t.key}`}
            aria-selected={tab === t.key}
            aria-controls={`${id}-panel`}
            className={tab === t.key ? 'active' : undefined}
            onClick={() => setParams(t.key === 'policy' ? {} : { tab: t.key }, { replace: true })}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}`}>
        <LegalText doc={docs[tab]} />
      </div>
    </article>
  );
}
