// Integration tests talk to a real database (DESIGN.md 5); nothing here mocks it.
process.env.TZ = 'UTC';
