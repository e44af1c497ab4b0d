from django.test import TestCase
from django.urls import reverse

from .models import Task


class IndexViewTests(TestCase):
    def test_lists_tasks(self):
        Task.objects.create(title="Write the docs")
        response = self.client.get(reverse("core:index"))
        self.assertContains(response, "Write the docs")

    def test_adds_a_task(self):
        response = self.client.post(reverse("core:index"), {"title": "  Ship it  "})
        self.assertRedirects(response, reverse("core:index"))
        self.assertTrue(Task.objects.filter(title="Ship it").exists())

    def test_refuses_a_blank_title(self):
        response = self.client.post(reverse("core:index"), {"title": "   "})
        self.assertEqual(response.status_code, 200)
        self.assertEqual(Task.objects.count(), 0)

    def test_toggles_and_deletes_a_task(self):
        task = Task.objects.create(title="Water the plants")
        self.client.post(reverse("core:toggle-task", args=[task.pk]))
        task.refresh_from_db()
        self.assertTrue(task.done)

        self.client.post(reverse("core:delete-task", args=[task.pk]))
        self.assertFalse(Task.objects.filter(pk=task.pk).exists())

    def test_toggle_refuses_get(self):
        task = Task.objects.create(title="Stay put")
        response = self.client.get(reverse("core:toggle-task", args=[task.pk]))
        self.assertEqual(response.status_code, 405)


class HealthTests(TestCase):
    def test_answers_ok(self):
        response = self.client.get(reverse("core:health"))
        self.assertEqual(response.status_code, 200)
        self.assertEqual(response.json(), {"status": "ok"})
