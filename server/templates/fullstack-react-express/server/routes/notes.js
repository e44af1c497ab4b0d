import { Router } from 'express';

const MAX_TEXT_LENGTH = 500;

/** The notes routes, with their own in-memory list (it resets when the server restarts). */
export function createNotesRouter() {
  const notes = [
    { id: 1, text: 'This note came from the Express API.', createdAt: new Date().toISOString() },
  ];
  let nextId = 2;
  const router = Router();

  router.get('/', (req, res) => {
    res.json(notes);
  });

  router.post('/', (req, res) => {
    const text = typeof req.body?.text === 'string' ? req.body.text.trim() : '';
    if (!text) {
      res.status(400).json({ error: 'text is required' });
      return;
    }
    if (text.length > MAX_TEXT_LENGTH) {
      res.status(400).json({ error: `text must be at most ${MAX_TEXT_LENGTH} characters` });
      return;
    }
    const note = { id: nextId++, text, createdAt: new Date().toISOString() };
    notes.push(note);
    res.status(201).json(note);
  });

  router.delete('/:id', (req, res) => {
    const index = notes.findIndex((note) => note.id === Number(req.params.id));
    if (index === -1) {
      res.status(404).json({ error: 'Note not found' });
      return;
    }
    notes.splice(index, 1);
    res.status(204).end();
  });

  return router;
}
