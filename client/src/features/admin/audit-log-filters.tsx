import { AUDIT_ACTIONS, type AuditAction } from '@kiln/shared';
import { Filter, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input, Label, Select } from '../../components/ui/input';
import {
  AUDIT_ACTION_LABELS,
  hasAuditFilters,
  NO_AUDIT_FILTERS,
  type AuditFilterValues,
} from './audit-log-model';

// The browser's date picker follows the theme only when told which one it is drawn on.
const DATE_FIELD = 'dark:[color-scheme:dark]';

const TEXT_FIELDS = [
  { name: 'actor', label: 'Who', placeholder: 'Email or account id' },
  { name: 'projectId', label: 'Project id', placeholder: 'Any project' },
] as const;

const DATE_FIELDS = [
  { name: 'from', label: 'From' },
  { name: 'to', label: 'To' },
] as const;

/**
 * The Audit log tab's filters. They apply on submit, not on each keystroke, so typing an email
 * asks the server once. Give the form a `key` of the applied filters to show new ones.
 */
export function AuditLogFilters({
  applied,
  onApply,
}: {
  applied: AuditFilterValues;
  onApply: (filters: AuditFilterValues) => void;
}) {
  const [draft, setDraft] = useState(applied);
  const id = useId();
  const field = (name: keyof AuditFilterValues) => `${id}-${name}`;
  const set = (name: keyof AuditFilterValues) => (value: string) =>
    setDraft((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Audit log filters"
      className="bg-card grid gap-4 rounded-xl border p-4"
    >
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <div className="col-span-2 grid gap-1.5 sm:col-span-1">
          <Label htmlFor={field('action')}>Action</Label>
          <Select
            id={field('action')}
            value={draft.action}
            onChange={(event) => set('action')(event.target.value as AuditAction | '')}
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </Select>
        </div>
        {TEXT_FIELDS.map(({ name, label, placeholder }) => (
          <div key={name} className="col-span-2 grid gap-1.5 sm:col-span-1">
            <Label htmlFor={field(name)}>{label}</Label>
            <Input
              id={field(name)}
              value={draft[name]}
              onChange={(event) => set(name)(event.target.value)}
              placeholder={placeholder}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
        ))}
        {DATE_FIELDS.map(({ name, label }) => (
          <div key={name} className="grid gap-1.5">
            <Label htmlFor={field(name)}>{label}</Label>
            <Input
              id={field(name)}
              type="date"
              value={draft[name]}
              // A range that ends before it starts cannot be picked.
              min={name === 'to' ? draft.from || undefined : undefined}
              max={name === 'from' ? draft.to || undefined : undefined}
              onChange={(event) => set(name)(event.target.value)}
              className={DATE_FIELD}
            />
          </div>
        ))}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="ghost"
          disabled={!hasAuditFilters(draft) && !hasAuditFilters(applied)}
          onClick={() => {
            setDraft(NO_AUDIT_FILTERS);
            onApply(NO_AUDIT_FILTERS);
          }}
        >
          <X aria-hidden /> Clear
        </Button>
        <Button type="submit">
          <Filter aria-hidden /> Apply filters
        </Button>
      </div>
    </form>
  );
}
