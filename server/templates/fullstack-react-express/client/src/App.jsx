import { useEffect, useState } from 'react';
import { api } from './api.js';

function App() {
  const [status, setStatus] = useState('checking');
  const [notes, setNotes] = useState([]);
  const [text, setText] = useState('');
  const [error, setError] = useState(null);

  useEffect(() => {
    let ignore = false;
    Promise.all([api.health(), api.listNotes()])
      .then(([health, list]) => {
        if (ignore) return;
        setStatus(health.status);
        setNotes(list);
      })
      .catch((caught) => {
        if (ignore) return;
        setStatus('offline');
        setError(caught.message);
      });
    return () => {
      ignore = true;
    };
  }, []);

  async function handleSubmit(event) {
    event.preventDefault();
    try {
      const note = await api.createNote(text);
      setNotes((current) => [...current, note]);
      setText('');
      setError(null);
    } catch (caught) {
      setError(caught.message);
    }
  }

  async function handleDelete(id) {
    try {
      await api.deleteNote(id);
      setNotes((current) => current.filter((note) => note.id !== id));
    } catch (caught) {
      setError(caught.message);
    }
  }

  return (
    <main className="app">
      <header>
        <h1>Notes</h1>
        <p className={`status status-${status}`}>API: {status}</p>
      </header>

      <form className="note-form" onSubmit={handleSubmit}>
        <input
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Write a note"
          aria-label="Note text"
        />
        <button type="submit" disabled={!text.trim()}>
          Add
        </button>
      </form>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}

      <ul className="notes">
        {notes.map((note) => (
          <li key={note.id}>
            <span>{note.text}</span>
            <button type="button" onClick={() => handleDelete(note.id)} aria-label="Delete note">
              Delete
            </button>
          </li>
        ))}
      </ul>
      {status === 'ok' && notes.length === 0 && <p className="empty">No notes yet.</p>}
    </main>
  );
}

export default App;
