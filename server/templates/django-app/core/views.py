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
