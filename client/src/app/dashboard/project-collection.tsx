import type { Project } from '@kiln/shared';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { ProjectCard } from './project-card';
import type { ViewMode } from './use-dashboard-params';

/** Card columns by container width, matching the grid's sm (640) and lg (1024) breakpoints. */
function columnsFor(view: ViewMode, width: number): number {
  if (view === 'list') return 1;
  if (width >= 960) return 3;
  if (width >= 600) return 2;
  return 1;
}

const ROW_GAP_PX = { grid: 16, list: 8 } as const;
const ESTIMATED_ROW_PX = { grid: 190, list: 64 } as const;

interface ProjectCollectionProps {
  projects: Project[];
  view: ViewMode;
  onOpen: (event: MouseEvent<HTMLAnchorElement>, project: Project) => void;
  onToggleStar: (project: Project) => void;
  onRename: (project: Project) => void;
  onDelete: (project: Project) => void;
}

/**
 * The project grid or list, windowed: only the rows near the screen are rendered, so a
 * thousand projects scroll, filter and switch view as quickly as ten. Cards are
 * grouped into rows of as many columns as fit, and each row is measured as it renders.
 */
export function ProjectCollection({ projects, view, ...handlers }: ProjectCollectionProps) {
  const containerRef = useRef<HTMLElement>(null);
  const [layout, setLayout] = useState({ width: 1024, offsetTop: 0 });

  useLayoutEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const read = () =>
      setLayout({
        width: element.clientWidth,
        offsetTop: element.getBoundingClientRect().top + window.scrollY,
      });
    read();
    const observer = new ResizeObserver(read);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const columns = columnsFor(view, layout.width);
  const rows = useMemo(() => {
    const chunks: Project[][] = [];
    for (let index = 0; index < projects.length; index += columns) {
      chunks.push(projects.slice(index, index + columns));
    }
    return chunks;
  }, [projects, columns]);

  const gap = ROW_GAP_PX[view];
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ESTIMATED_ROW_PX[view] + gap,
    overscan: 4,
    scrollMargin: layout.offsetTop,
  });

  return (
    <section
      ref={containerRef}
      aria-label="Projects"
      className="relative"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          data-index={row.index}
          ref={virtualizer.measureElement}
          className="absolute inset-x-0 top-0 grid"
          style={{
            transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            gap,
            paddingBottom: gap,
          }}
        >
          {rows[row.index]?.map((project) => (
            <ProjectCard key={project.id} project={project} view={view} {...handlers} />
          ))}
        </div>
      ))}
    </section>
  );
}
