// Integration tests talk to a real database; nothing here mocks it.
process.env.TZ = 'UTC';
