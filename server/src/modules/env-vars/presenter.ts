import type { EnvVar } from '@kiln/shared';

export function presentEnvVar(row: {
  id: string;
  projectId: string;
  key: string;
  value: string;
  createdAt: Date;
  updatedAt: Date;
}): EnvVar {
  return {
    id: row.id,
    projectId: row.projectId,
    key: row.key,
    value: row.value,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
