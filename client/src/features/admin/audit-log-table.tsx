import type { AuditEvent } from '@kiln/shared';
import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import {
  auditActionLabel,
  auditActorLabel,
  auditDetailPairs,
  auditTargetLabel,
  formatAuditTime,
  isWarningAction,
} from './audit-log-model';

export interface AuditLogTableProps {
  events: readonly AuditEvent[];
  /** Narrows the log to one person (their email, or their id when it has none). */
  onShowActor: (actor: string) => void;
  onShowProject: (projectId: string) => void;
}

/**
 * The Audit log tab's entries: a table from tablet width up, one card an entry on a phone,
 * where six columns cannot be read side by side. Who and project narrow the log when chosen.
 */
export function AuditLogTable({ events, onShowActor, onShowProject }: AuditLogTableProps) {
  const cells = (event: AuditEvent) => ({
    time: <AuditTime createdAt={event.createdAt} />,
    who: <Who event={event} onShowActor={onShowActor} />,
    action: <ActionBadge action={event.action} />,
    project: <ProjectCell project={event.project} onShowProject={onShowProject} />,
    target: <TargetCell target={event.target} />,
    details: <Details details={event.details} />,
  });
  const columns: Array<[keyof ReturnType<typeof cells>, string]> = [
    ['time', 'Time'],
    ['who', 'Who'],
    ['action', 'Action'],
    ['project', 'Project'],
    ['target', 'Target'],
    ['details', 'Details'],
  ];

  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">Audit log entries, newest first</caption>
          <thead className="bg-muted/50 text-muted-foreground text-left text-xs">
            <tr>
              {columns.map(([key, header]) => (
                <th key={key} scope="col" className="px-4 py-3 font-medium">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {events.map((event) => {
              const row = cells(event);
              return (
                <tr key={event.id} data-testid="audit-row" className="hover:bg-muted/30 align-top">
                  {columns.map(([key]) => (
                    <td key={key} className="px-4 py-3">
                      {row[key]}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <ul className="grid grid-cols-1 gap-3 md:hidden" aria-label="Audit log entries, newest first">
        {events.map((event) => {
          const card = cells(event);
          return (
            <li
              key={event.id}
              data-testid="audit-card"
              className="bg-card grid grid-cols-1 gap-3 rounded-xl border p-4 text-sm"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                {card.action}
                <span className="text-muted-foreground text-right text-xs">{card.time}</span>
              </div>
              <dl className="grid grid-cols-1 gap-2">
                {columns
                  .filter(([key]) => key !== 'time' && key !== 'action' && !isBlank(event, key))
                  .map(([key, header]) => (
                    <CardField key={key} label={header}>
                      {card[key]}
                    </CardField>
                  ))}
              </dl>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** A card leaves out what an entry does not have, where a table row shows a dash. */
function isBlank(event: AuditEvent, key: string): boolean {
  if (key === 'project') return event.project === null;
  if (key === 'target') return event.target === null;
  if (key === 'details') return Object.keys(event.details).length === 0;
  return false;
}

/** The day above the time, so the column stays narrow and the emails beside it fit. */
function AuditTime({ createdAt }: { createdAt: string }) {
  const { day, time } = formatAuditTime(createdAt);
  return (
    <time dateTime={createdAt} className="grid whitespace-nowrap tabular-nums">
      <span>{day}</span>
      <span className="text-muted-foreground text-xs">{time}</span>
    </time>
  );
}

function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[5rem_1fr] gap-2">
      <dt className="text-muted-foreground text-xs leading-5">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

const FILTER_LINK =
  'focus-visible:ring-ring cursor-pointer rounded-sm text-left underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:outline-none';

function Who({ event, onShowActor }: { event: AuditEvent; onShowActor: (actor: string) => void }) {
  const label = auditActorLabel(event);
  const filterBy = event.actor?.email ?? event.actor?.id;
  return (
    <div className="grid max-w-72 min-w-44 gap-0.5">
      {filterBy ? (
        <button
          type="button"
          className={`${FILTER_LINK} font-medium break-words`}
          aria-label={`Show only entries by ${label}`}
          onClick={() => onShowActor(filterBy)}
        >
          {label}
        </button>
      ) : (
        <span className="text-muted-foreground">{label}</span>
      )}
      {event.ip && <span className="text-muted-foreground text-xs tabular-nums">{event.ip}</span>}
    </div>
  );
}

function ActionBadge({ action }: { action: string }) {
  return (
    <Badge
      variant={isWarningAction(action) ? 'outline' : 'secondary'}
      className={
        isWarningAction(action)
          ? 'border-destructive/40 bg-destructive/10 text-destructive whitespace-nowrap'
          : 'text-foreground whitespace-nowrap'
      }
      title={action}
    >
      {auditActionLabel(action)}
    </Badge>
  );
}

function ProjectCell({
  project,
  onShowProject,
}: {
  project: AuditEvent['project'];
  onShowProject: (projectId: string) => void;
}) {
  if (!project) return <Empty />;
  const name = project.name ?? 'Deleted project';
  return (
    <button
      type="button"
      className={`${FILTER_LINK} max-w-48 truncate ${project.name ? '' : 'text-muted-foreground italic'}`}
      title={project.id}
      aria-label={`Show only entries of ${project.name ? `project ${name}` : `deleted project ${project.id}`}`}
      onClick={() => onShowProject(project.id)}
    >
      {name}
    </button>
  );
}

function TargetCell({ target }: { target: AuditEvent['target'] }) {
  const label = auditTargetLabel(target);
  if (!label) return <Empty />;
  return (
    <div className="grid max-w-64 gap-0.5">
      <span className="text-muted-foreground text-xs">{label.kind}</span>
      <span className="font-mono text-xs break-words" title={target?.id}>
        {label.name}
      </span>
    </div>
  );
}

function Details({ details }: { details: AuditEvent['details'] }) {
  const pairs = auditDetailPairs(details);
  if (pairs.length === 0) return <Empty />;
  return (
    <dl className="grid max-w-72 gap-0.5 text-xs">
      {pairs.map(([name, value]) => (
        <div key={name} className="flex gap-1.5">
          <dt className="text-muted-foreground shrink-0">{name}</dt>
          <dd className="font-mono break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Empty() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden>—</span>
      <span className="sr-only">None</span>
    </span>
  );
}
