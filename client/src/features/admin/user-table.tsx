import type { AdminUser } from '@kiln/shared';
import type { ReactNode } from 'react';

export interface UserColumn {
  header: string;
  cell: (user: AdminUser) => ReactNode;
}

interface UserTableProps {
  /** Names the table for screen readers. */
  caption: string;
  users: readonly AdminUser[];
  columns: readonly UserColumn[];
  actions: (user: AdminUser) => ReactNode;
  currentUserId: string;
}

/**
 * The Users and Subscriptions tabs' list: a table from tablet width up, and one card a user on
 * a phone, where six columns cannot be read side by side. Email always leads.
 */
export function UserTable({ caption, users, columns, actions, currentUserId }: UserTableProps) {
  const email = (user: AdminUser) => (
    <>
      <span className="font-medium wrap-anywhere">{user.email}</span>
      {user.id === currentUserId && <span className="text-muted-foreground"> (You)</span>}
    </>
  );
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted/50 text-muted-foreground text-left text-xs">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Email
              </th>
              {columns.map((column) => (
                <th key={column.header} scope="col" className="px-4 py-3 font-medium">
                  {column.header}
                </th>
              ))}
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {users.map((user) => (
              <tr key={user.id} data-testid="admin-user-row" className="hover:bg-muted/30">
                <th scope="row" className="max-w-72 px-4 py-3 text-left font-normal">
                  {email(user)}
                  {user.name && (
                    <span className="text-muted-foreground block truncate text-xs">
                      {user.name}
                    </span>
                  )}
                </th>
                {columns.map((column) => (
                  <td key={column.header} className="px-4 py-3 whitespace-nowrap">
                    {column.cell(user)}
                  </td>
                ))}
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-1">{actions(user)}</div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="grid grid-cols-1 gap-3 md:hidden" aria-label={caption}>
        {users.map((user) => (
          <li
            key={user.id}
            data-testid="admin-user-card"
            className="bg-card grid grid-cols-1 gap-3 rounded-xl border p-4"
          >
            <div className="min-w-0">
              <p className="text-sm">{email(user)}</p>
              {user.name && <p className="text-muted-foreground truncate text-xs">{user.name}</p>}
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {columns.map((column) => (
                <div key={column.header} className="grid gap-1">
                  <dt className="text-muted-foreground text-xs">{column.header}</dt>
                  <dd>{column.cell(user)}</dd>
                </div>
              ))}
            </dl>
            <div className="flex justify-end gap-2 border-t pt-3">{actions(user)}</div>
          </li>
        ))}
      </ul>
    </>
  );
}
