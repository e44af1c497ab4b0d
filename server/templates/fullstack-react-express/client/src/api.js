// Calls to the Express API. Paths are relative, so the same code works behind the Vite proxy
// in development and when the API serves the built client in production.

async function request(path, options = {}) {
  const response = await fetch(path, {
    ...options,
    headers: { 'Content-Type': 'application/json', ...options.headers },
  });
  if (response.status === 204) return null;
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    throw new Error(body?.error ?? `The API answered ${response.status}. Is the server running?`);
  }
  return body;
}

export const api = {
  health: () => request('/api/health'),
  listNotes: () => request('/api/notes'),
  createNote: (text) => request('/api/notes', { method: 'POST', body: JSON.stringify({ text }) }),
  deleteNote: (id) => request(`/api/notes/${id}`, { method: 'DELETE' }),
};
