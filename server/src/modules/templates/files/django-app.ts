import type { TemplateFile } from '@kiln/shared';
import { file } from './define';

export const djangoAppFiles: TemplateFile[] = [
  file(
    'README.md',
    `
# Django Web App

A [Django](https://www.djangoproject.com) project (\`mysite\`) with one app (\`core\`): a task
list with a model, a form, views, a template, the admin and tests. It uses SQLite, so there is
nothing else to install.

## Run it

\`\`\`bash
python3 -m venv .venv
source .venv/bin/activate          # on Windows: .venv\\Scripts\\activate
pip install -r requirements.txt

python manage.py migrate           # creates db.sqlite3
python manage.py createsuperuser   # optional: an account for /admin/
python manage.py runserver         # http://127.0.0.1:8000
\`\`\`

## Test it

\`\`\`bash
python manage.py test
\`\`\`

## Settings from the environment

| Variable               | Default                         | Purpose                                  |
| ---------------------- | ------------------------------- | ---------------------------------------- |
| \`DJANGO_DEBUG\`         | \`true\`                          | set to \`false\` in production             |
| \`DJANGO_SECRET_KEY\`    | a development-only key          | required when debug is off               |
| \`DJANGO_ALLOWED_HOSTS\` | \`localhost,127.0.0.1,[::1]\`     | comma-separated host names to serve      |

## Layout

- \`manage.py\`: Django's command-line entry point
- \`mysite/\`: project settings, root URLs, WSGI and ASGI entry points
- \`core/\`: the app: \`models.py\`, \`forms.py\`, \`views.py\`, \`urls.py\`, \`admin.py\`,
  \`templates/core/\`, \`static/core/\`, \`migrations/\` and \`tests.py\`

After changing \`core/models.py\`, run \`python manage.py makemigrations\` and then
\`python manage.py migrate\`.
`,
  ),
  file(
    '.gitignore',
    `
.venv/
__pycache__/
*.pyc
db.sqlite3
staticfiles/
.env
`,
  ),
  file(
    'requirements.txt',
    `
Django>=5.2,<6.0
`,
  ),
  file(
    'manage.py',
    `
#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""
import os
import sys


def main():
    """Run administrative tasks."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mysite.settings")
    try:
        from django.core.management import execute_from_command_line
    except ImportError as exc:
        raise ImportError(
            "Couldn't import Django. Are you sure it's installed and "
            "available on your PYTHONPATH environment variable? Did you "
            "forget to activate a virtual environment?"
        ) from exc
    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
`,
  ),
  file('mysite/__init__.py', ''),
  file(
    'mysite/settings.py',
    `
"""
Django settings for mysite.

Values that differ between development and production come from environment variables;
the defaults suit local development.
https://docs.djangoproject.com/en/5.2/topics/settings/
"""

import os
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name, default):
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_bool("DJANGO_DEBUG", True)

DEV_SECRET_KEY = "django-insecure-development-only-key-do-not-use-in-production"
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", DEV_SECRET_KEY)
if not DEBUG and SECRET_KEY == DEV_SECRET_KEY:
    raise ImproperlyConfigured("Set DJANGO_SECRET_KEY when DJANGO_DEBUG is false.")

ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")
    if host.strip()
]


# Application definition

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "core",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "mysite.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "mysite.wsgi.application"


# Database
# https://docs.djangoproject.com/en/5.2/ref/settings/#databases

DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": BASE_DIR / "db.sqlite3",
    }
}


# Password validation
# https://docs.djangoproject.com/en/5.2/ref/settings/#auth-password-validators

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]


# Internationalization
# https://docs.djangoproject.com/en/5.2/topics/i18n/

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True


# Static files (CSS, JavaScript, Images)
# https://docs.djangoproject.com/en/5.2/howto/static-files/

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
`,
  ),
  file(
    'mysite/urls.py',
    `
"""
URL configuration for mysite.

https://docs.djangoproject.com/en/5.2/topics/http/urls/
"""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("core.urls")),
]
`,
  ),
  file(
    'mysite/wsgi.py',
    `
"""
WSGI config for mysite: exposes \`application\` for WSGI servers such as Gunicorn.

https://docs.djangoproject.com/en/5.2/howto/deployment/wsgi/
"""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mysite.settings")

application = get_wsgi_application()
`,
  ),
  file(
    'mysite/asgi.py',
    `
"""
ASGI config for mysite: exposes \`application\` for ASGI servers such as Uvicorn.

https://docs.djangoproject.com/en/5.2/howto/deployment/asgi/
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mysite.settings")

application = get_asgi_application()
`,
  ),
  file('core/__init__.py', ''),
  file(
    'core/apps.py',
    `
from django.apps import AppConfig


class CoreConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "core"
`,
  ),
  file(
    'core/models.py',
    `
from django.db import models


class Task(models.Model):
    title = models.CharField(max_length=200)
    done = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return self.title
`,
  ),
  file('core/migrations/__init__.py', ''),
  file(
    'core/migrations/0001_initial.py',
    `
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = []

    operations = [
        migrations.CreateModel(
            name="Task",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True,
                        primary_key=True,
                        serialize=False,
                        verbose_name="ID",
                    ),
                ),
                ("title", models.CharField(max_length=200)),
                ("done", models.BooleanField(default=False)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
            ],
            options={
                "ordering": ["-created_at"],
            },
        ),
    ]
`,
  ),
  file(
    'core/admin.py',
    `
from django.contrib import admin

from .models import Task


@admin.register(Task)
class TaskAdmin(admin.ModelAdmin):
    list_display = ["title", "done", "created_at"]
    list_filter = ["done"]
    search_fields = ["title"]
`,
  ),
  file(
    'core/forms.py',
    `
from django import forms

from .models import Task


class TaskForm(forms.ModelForm):
    class Meta:
        model = Task
        fields = ["title"]
        widgets = {
            "title": forms.TextInput(attrs={"placeholder": "What needs doing?", "autofocus": True}),
        }
`,
  ),
  file(
    'core/views.py',
    `
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from .forms import TaskForm
from .models import Task


def index(request):
    """Lists the tasks and adds one from the form."""
    if request.method == "POST":
        form = TaskForm(request.POST)
        if form.is_valid():
            form.save()
            return redirect("core:index")
    else:
        form = TaskForm()
    tasks = Task.objects.all()
    remaining = tasks.filter(done=False).count()
    return render(
        request,
        "core/index.html",
        {"form": form, "tasks": tasks, "remaining": remaining},
    )


@require_POST
def toggle_task(request, pk):
    task = get_object_or_404(Task, pk=pk)
    task.done = not task.done
    task.save(update_fields=["done"])
    return redirect("core:index")


@require_POST
def delete_task(request, pk):
    get_object_or_404(Task, pk=pk).delete()
    return redirect("core:index")


@require_GET
def health(request):
    return JsonResponse({"status": "ok"})
`,
  ),
  file(
    'core/urls.py',
    `
from django.urls import path

from . import views

app_name = "core"

urlpatterns = [
    path("", views.index, name="index"),
    path("tasks/<int:pk>/toggle/", views.toggle_task, name="toggle-task"),
    path("tasks/<int:pk>/delete/", views.delete_task, name="delete-task"),
    path("api/health/", views.health, name="health"),
]
`,
  ),
  file(
    'core/templates/core/index.html',
    `
{% load static %}
<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Tasks</title>
    <link rel="stylesheet" href="{% static 'core/style.css' %}" />
  </head>
  <body>
    <main class="container">
      <h1>Tasks</h1>
      <p class="lead">
        {{ remaining }} of {{ tasks|length }} left. Stored in SQLite through the
        <code>Task</code> model; manage them in the <a href="{% url 'admin:index' %}">admin</a> too.
      </p>

      <form method="post" class="add-form">
        {% csrf_token %}
        {{ form.title }}
        <button type="submit">Add</button>
      </form>
      {% if form.title.errors %}
        <p class="error">{{ form.title.errors|join:" " }}</p>
      {% endif %}

      <ul class="tasks">
        {% for task in tasks %}
          <li class="{% if task.done %}done{% endif %}">
            <form method="post" action="{% url 'core:toggle-task' task.pk %}">
              {% csrf_token %}
              <button type="submit" class="check" aria-label="Mark {{ task.title }} as {% if task.done %}not done{% else %}done{% endif %}">
                {% if task.done %}&#10003;{% endif %}
              </button>
            </form>
            <span class="title">{{ task.title }}</span>
            <form method="post" action="{% url 'core:delete-task' task.pk %}">
              {% csrf_token %}
              <button type="submit" class="delete" aria-label="Delete {{ task.title }}">&times;</button>
            </form>
          </li>
        {% empty %}
          <li class="empty">No tasks yet. Add one above.</li>
        {% endfor %}
      </ul>
    </main>
  </body>
</html>
`,
  ),
  file(
    'core/static/core/style.css',
    `
:root {
  --accent: #0c4b33;
  --accent-light: #44b78b;
  --muted: #5f6b66;
  --border: #dfe5e2;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  line-height: 1.6;
  color: #1a2420;
  background: #f5f8f6;
}

body {
  margin: 0;
}

.container {
  width: min(600px, 100% - 2rem);
  margin: 0 auto;
  padding: 3rem 0;
}

h1 {
  margin: 0;
  font-size: 2.4rem;
  color: var(--accent);
}

.lead {
  color: var(--muted);
}

a {
  color: var(--accent);
}

.add-form {
  display: flex;
  gap: 0.5rem;
}

.add-form input {
  flex: 1;
  font: inherit;
  padding: 0.6rem 0.8rem;
  border: 1px solid var(--border);
  border-radius: 8px;
}

button {
  font: inherit;
  cursor: pointer;
}

.add-form button {
  padding: 0.6rem 1.1rem;
  border: 0;
  border-radius: 8px;
  background: var(--accent);
  color: #ffffff;
}

.error {
  color: #b42318;
}

.tasks {
  margin: 1.5rem 0 0;
  padding: 0;
  list-style: none;
}

.tasks li {
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 0.6rem 0.9rem;
  margin-bottom: 0.5rem;
  border: 1px solid var(--border);
  border-radius: 10px;
  background: #ffffff;
}

.tasks form {
  margin: 0;
}

.tasks .title {
  flex: 1;
}

.tasks .done .title {
  text-decoration: line-through;
  color: var(--muted);
}

.check {
  width: 1.6rem;
  height: 1.6rem;
  border: 2px solid var(--accent-light);
  border-radius: 50%;
  background: #ffffff;
  color: var(--accent);
  line-height: 1;
}

.delete {
  border: 0;
  background: none;
  font-size: 1.3rem;
  color: var(--muted);
}

.tasks .empty {
  justify-content: center;
  color: var(--muted);
}
`,
  ),
  file(
    'core/tests.py',
    `
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
`,
  ),
];
