from django.urls import path

from . import views

app_name = "core"

urlpatterns = [
    path("", views.index, name="index"),
    path("tasks/<int:pk>/toggle/", views.toggle_task, name="toggle-task"),
    path("tasks/<int:pk>/delete/", views.delete_task, name="delete-task"),
    path("api/health/", views.health, name="health"),
]
