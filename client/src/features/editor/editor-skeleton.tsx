/** While the editor loads, a skeleton and 'Loading editor...'. */
export function EditorSkeleton() {
  return (
    <div className="flex h-full flex-col gap-2 p-4" role="status">
      <span className="text-muted-foreground text-sm">Loading editor...</span>
      {[72, 54, 86, 40, 66, 58, 30].map((width, index) => (
        <div
          key={index}
          className="bg-muted h-3.5 animate-pulse rounded"
          style={{ width: `${width}%` }}
        />
      ))}
    </div>
  );
}
