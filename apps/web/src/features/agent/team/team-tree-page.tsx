import type { TeamTreeNode, TeamTreeSearchResult } from '@app/shared';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icon';
import { UsernameField } from '@/components/form/fields';
import { errorText } from '@/lib/error-text';
import shared from '@/components/money-page.module.css';
import { getTeamTreeQueryOptions, searchTeamTree } from './api/team-tree';
import styles from './team.module.css';
import { Button } from '@/components/button';

type TreeState = {
  expanded: ReadonlySet<number>;
  toggle: (id: number) => void;
  /** The account the last search found. */
  found: number | null;
};

/** The counts of a node: type, direct downline and whole team. */
function NodeFacts({ node }: { node: TeamTreeNode }) {
  const { t } = useTranslation();
  return (
    <span className={styles.treeFacts}>
      <span className={styles.treeType} data-type={node.type}>
        {t(`agentTeam.types.${node.type}`)}
      </span>
      <span data-testid="tree-node-direct">
        {t('agentTeam.tree.direct', { count: node.directCount })}
      </span>
      <span data-testid="tree-node-team">{t('agentTeam.tree.team', { count: node.teamSize })}</span>
    </span>
  );
}

function TreeNodeItem({ node, state }: { node: TeamTreeNode; state: TreeState }) {
  const { t } = useTranslation();
  const open = state.expanded.has(node.id);
  const levelId = `tree-level-${node.id}`;
  return (
    <li
      className={styles.treeItem}
      data-testid="tree-node"
      data-node-id={node.id}
      data-account={node.account}
      aria-current={state.found === node.id ? 'true' : undefined}
    >
      <div className={styles.treeRow}>
        {node.directCount > 0 ? (
          <button
            type="button"
            className={styles.treeToggle}
            aria-expanded={open}
            aria-controls={open ? levelId : undefined}
            aria-label={t(open ? 'agentTeam.tree.collapse' : 'agentTeam.tree.expand', {
              account: node.account,
            })}
            onClick={() => state.toggle(node.id)}
            data-testid="tree-node-toggle"
          >
            <Icon name={open ? 'chevronDown' : 'chevronRight'} size={16} />
          </button>
        ) : (
          <span className={styles.treeLeaf} aria-hidden="true" />
        )}
        <span className={styles.treeName}>{node.account}</span>
        <NodeFacts node={node} />
      </div>
      {open && <TreeLevel parentId={node.id} state={state} id={levelId} />}
    </li>
  );
}

/** The direct downline of a node, loaded when it is expanded, a page at a time. */
function TreeLevel({
  parentId,
  state,
  id,
}: {
  parentId: number | null;
  state: TreeState;
  id?: string;
}) {
  const { t } = useTranslation();
  const level = useInfiniteQuery(getTeamTreeQueryOptions(parentId));
  if (level.isPending) {
    return (
      <p className={shared.muted} role="status">
        {t('agentTeam.tree.loading')}
      </p>
    );
  }
  if (level.isError) {
    return (
      <p className={shared.muted} role="alert">
        {errorText(t, level.error)}
      </p>
    );
  }
  const nodes = level.data.pages.flatMap((page) => page.content);
  const total = level.data.pages[0]?.totalElements ?? 0;
  if (nodes.length === 0) {
    return (
      <p className={shared.muted} data-testid="tree-empty">
        {t('agentTeam.tree.empty')}
      </p>
    );
  }
  return (
    <div id={id}>
      <ul className={styles.tree} data-testid="tree-level">
        {nodes.map((node) => (
          <TreeNodeItem key={node.id} node={node} state={state} />
        ))}
      </ul>
      {level.hasNextPage && (
        <Button
          variant="secondary"
          onClick={() => void level.fetchNextPage()}
          disabled={level.isFetchingNextPage}
          testId="tree-more"
        >
          {t('agentTeam.tree.more', { shown: nodes.length, total })}
        </Button>
      )}
    </div>
  );
}

function SearchResult({ result }: { result: TeamTreeSearchResult }) {
  const { t } = useTranslation();
  return (
    <div className={styles.item} data-testid="tree-search-result">
      <p className={styles.name}>{result.node.account}</p>
      <NodeFacts node={result.node} />
      <nav aria-label={t('agentTeam.tree.path')}>
        <ol className={styles.treePath} data-testid="tree-search-path">
          {result.path.map((node) => (
            <li key={node.id}>{node.level === 0 ? t('agentTeam.tree.you') : node.account}</li>
          ))}
          <li aria-current="true">{result.node.account}</li>
        </ol>
      </nav>
    </div>
  );
}

/**
 * `/agentHome/agentTeamTree`: the agent's downline as a tree. A node's direct downline is loaded
 * when it is expanded; a search by username opens the path down to the account it finds.
 */
export default function TeamTreePage() {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [account, setAccount] = useState('');
  const search = useMutation({
    mutationFn: searchTeamTree,
    onSuccess: (result) =>
      // Every node on the way down is opened (the caller's own level always is).
      setExpanded((old) => new Set([...old, ...result.path.slice(1).map((node) => node.id)])),
  });
  const state: TreeState = {
    expanded,
    found: search.data?.node.id ?? null,
    toggle: (id) =>
      setExpanded((old) => {
        const next = new Set(old);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (account.trim()) search.mutate(account.trim());
  }

  return (
    <div className={shared.page} data-testid="team-tree-page">
      <h2 className={shared.title}>{t('agent.pages.agentTeamTree')}</h2>
      <section className={shared.cardCompact} aria-label={t('agentTeam.tree.searchLabel')}>
        <form className={styles.treeSearch} onSubmit={submit} role="search">
          <UsernameField
            account="other"
            label={t('agentTeam.tree.searchLabel')}
            placeholder={t('agentTeam.list.searchPlaceholder')}
            value={account}
            onChange={setAccount}
            testId="tree-search"
          />
          <Button
            type="submit"
            variant="primary"
            disabled={search.isPending}
            testId="tree-search-submit"
          >
            {t('agent.report.search')}
          </Button>
        </form>
        {search.isError && (
          <p className={shared.muted} role="alert" data-testid="tree-search-refused">
            {errorText(t, search.error)}
          </p>
        )}
        {search.data && <SearchResult result={search.data} />}
      </section>
      <section className={shared.cardCompact} aria-label={t('agent.pages.agentTeamTree')}>
        <TreeLevel parentId={null} state={state} />
      </section>
    </div>
  );
}
