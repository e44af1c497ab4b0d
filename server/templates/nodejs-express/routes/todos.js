import { Router } from 'express';

const MAX_TITLE_LENGTH = 200;

/**
 * Checks a todo payload and answers an error message, or null when it is valid.
 * With `partial`, fields may be left out (PATCH).
 */
export function validateTodo(body, { partial = false } = {}) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return 'Send a JSON object with Content-Type: application/json';
  }
  if (!partial || body.title !== undefined) {
    if (typeof body.title !== 'string' || body.title.trim() === '') {
      return 'title is required';
    }
    if (body.title.trim().length > MAX_TITLE_LENGTH) {
      return `title must be at most ${MAX_TITLE_LENGTH} characters`;
    }
  }
  if (body.completed !== undefined && typeof body.completed !== 'boolean') {
    return 'completed must be true or false';
  }
  return null;
}

/** The todo routes, with their own in-memory list (it resets when the server restarts). */
export function createTodosRouter() {
  const todos = [];
  let nextId = 1;
  const router = Router();

  const findTodo = (id) => todos.find((todo) => todo.id === Number(id));

  router.get('/', (req, res) => {
    res.json(todos);
  });

  router.post('/', (req, res) => {
    const error = validateTodo(req.body);
    if (error) {
      res.status(400).json({ error });
      return;
    }
    const todo = {
      id: nextId++,
      title: req.body.title.trim(),
      completed: req.body.completed ?? false,
      createdAt: new Date().toISOString(),
    };
    todos.push(todo);
    res.status(201).location(`${req.baseUrl}/${todo.id}`).json(todo);
  });

  router.get('/:id', (req, res) => {
    const todo = findTodo(req.params.id);
    if (!todo) {
      res.status(404).json({ error: 'Todo not found' });
      return;
    }
    res.json(todo);
  });

  router.patch('/:id', (req, res) => {
    const todo = findTodo(req.params.id);
    if (!todo) {
      res.status(404).json({ error: 'Todo not found' });
      return;
    }
    const error = validateTodo(req.body, { partial: true });
    if (error) {
      res.status(400).json({ error });
      return;
    }
    if (req.body.title !== undefined) todo.title = req.body.title.trim();
    if (req.body.completed !== undefined) todo.completed = req.body.completed;
    res.json(todo);
  });

  router.delete('/:id', (req, res) => {
    const index = todos.findIndex((todo) => todo.id === Number(req.params.id));
    if (index === -1) {
      res.status(404).json({ error: 'Todo not found' });
      return;
    }
    todos.splice(index, 1);
    res.status(204).end();
  });

  return router;
}
