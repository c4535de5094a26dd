import type { ServerStatus } from '@/domain/serverAdmin';
import { useT } from '@/i18n';
import { shownDateTime } from '../format';

const when = shownDateTime;

/** Megabytes with one decimal, in the page's language. */
const megabytes = (bytes: number) =>
  (bytes / 1e6).toLocaleString(document.documentElement.lang || undefined, {
    maximumFractionDigits: 1,
  });

/** The nodes seen in the last minutes, the versions, the food catalogue and the last backup. */
export function ServerSection({ status }: { status: ServerStatus }) {
  const t = useT();
  const { nodes, versions, catalogueFoods, lastImport, lastBackup } = status;
  const count = (n: number) => n.toLocaleString(document.documentElement.lang || undefined);
  return (
    <>
      <section className="card" aria-labelledby="admin-nodes-heading">
        <h2 id="admin-nodes-heading">{t('admin.server.nodes')}</h2>
        <p>{t('admin.server.nodesIntro')}</p>
        <ul className="admin-nodes">
          {nodes.map((node) => (
            <li key={node.id}>
              <strong>{node.current ? t('admin.server.thisNode', { host: node.host }) : node.host}</strong>{' '}
              <span>
                {t('admin.server.nodeState', {
                  id: node.id,
                  version: node.version,
                  started: when(node.startedAt),
                  seen: when(node.lastSeen),
                })}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="admin-versions-heading">
        <h2 id="admin-versions-heading">{t('admin.server.versions')}</h2>
        <dl className="admin-facts">
          <dt>{t('admin.server.app')}</dt>
          <dd>{versions.app}</dd>
          <dt>Parse Server</dt>
          <dd>{versions.parseServer}</dd>
          <dt>Node.js</dt>
          <dd>{versions.node}</dd>
          <dt>PostgreSQL</dt>
          <dd>{versions.postgres ?? t('admin.server.unknown')}</dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="admin-data-heading">
        <h2 id="admin-data-heading">{t('admin.server.data')}</h2>
        <dl className="admin-facts">
          <dt>{t('admin.server.catalogue')}</dt>
          <dd>
            {catalogueFoods === null
              ? t('admin.server.unknown')
              : t('admin.server.catalogueSize', { count: count(catalogueFoods) })}
          </dd>
          <dt>{t('admin.server.lastImport')}</dt>
          <dd>
            {lastImport
              ? t('admin.server.importDone', {
                  when: when(lastImport.at),
                  source: lastImport.source === 'usda' ? 'USDA' : 'Open Food Facts',
                  imported: count(lastImport.imported),
                  updated: count(lastImport.updated),
                })
              : t('admin.server.never')}
          </dd>
          <dt>{t('admin.server.lastBackup')}</dt>
          <dd>
            {lastBackup
              ? t('admin.server.backupDone', {
                  when: when(lastBackup.at),
                  size: megabytes(lastBackup.bytes),
                  file: lastBackup.file,
                })
              : t('admin.server.never')}
          </dd>
        </dl>
      </section>
    </>
  );
}
