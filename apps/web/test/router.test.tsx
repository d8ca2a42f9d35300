import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createBrowserRouter,
  createMemoryRouter,
  isRouteErrorResponse,
  Link,
  matchPath,
  Navigate,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
  type RouteObject,
  type Router,
} from '@/lib/router';

/** A screen that says which it is. */
const screenOf = (name: string): ComponentType =>
  function Screen() {
    return <h1>{name}</h1>;
  };

function Params() {
  return <output aria-label="params">{JSON.stringify(useParams())}</output>;
}

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

function ErrorScreen() {
  const error = useRouteError();
  const text = isRouteErrorResponse(error)
    ? `status ${error.status}`
    : error instanceof Error
      ? error.message
      : String(error);
  return <p role="alert">{text}</p>;
}

function Layout() {
  const [clicks, setClicks] = useState(0);
  return (
    <div>
      <button onClick={() => setClicks(clicks + 1)}>layout clicks {clicks}</button>
      <main>
        <Outlet />
      </main>
      <Where />
    </div>
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function show(router: Router) {
  return render(<RouterProvider router={router} />);
}

const pathOf = (router: Router) => {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
};

describe('matchPath', () => {
  it('matches static segments, params and a splat, ignoring case and a trailing slash', () => {
    expect(matchPath({ path: '/my-account/bills', end: true }, '/My-Account/Bills/')).not.toBeNull();
    expect(matchPath({ path: '/my-account/bills', end: true }, '/my-account/bills/x')).toBeNull();
    expect(matchPath({ path: '/my-account', end: false }, '/my-account/bills')?.pathnameBase).toBe(
      '/my-account',
    );
    expect(matchPath({ path: '/my-account', end: false }, '/my-accounts')).toBeNull();
    expect(matchPath('/pet-details/:name/:id', '/pet-details/Bello/pet-1')?.params).toEqual({
      name: 'Bello',
      id: 'pet-1',
    });
    expect(matchPath('/files/*', '/files/a/b.pdf')?.params).toEqual({ '*': 'a/b.pdf' });
    expect(matchPath('/pet-details/:name/:id', '/pet-details/Bello')).toBeNull();
    expect(matchPath({ path: '/Signin', caseSensitive: true }, '/signin')).toBeNull();
  });
});

describe('matching routes', () => {
  const routes: RouteObject[] = [
    {
      Component: Layout,
      children: [
        // Declared before the static paths on purpose: ranking, not order, decides.
        { path: '*', Component: screenOf('not found') },
        { path: '/pets/:id', Component: screenOf('a pet') },
        { path: '/pets/new', Component: screenOf('new pet') },
        { path: '/pets', Component: screenOf('all pets') },
      ],
    },
  ];

  it.each([
    ['/pets/new', 'new pet'],
    ['/PETS/NEW/', 'new pet'],
    ['/pets/pet-7', 'a pet'],
    ['/pets', 'all pets'],
    ['/pets/', 'all pets'],
    ['/pets/pet-7/more', 'not found'],
    ['/elsewhere', 'not found'],
  ])('renders %s as "%s" (static beats :param beats *)', async (path, name) => {
    show(createMemoryRouter(routes, { initialEntries: [path] }));
    expect(await screen.findByRole('heading', { name })).toBeInTheDocument();
  });

  it('gives decoded params to every route of the match', async () => {
    show(
      createMemoryRouter(
        [
          {
            path: '/pet-details/:name',
            Component: () => (
              <>
                <Params />
                <Outlet />
              </>
            ),
            children: [{ path: ':id', Component: Params }],
          },
        ],
        { initialEntries: ['/pet-details/Bello%20der%20Gro%C3%9Fe/a%2Fb'] },
      ),
    );
    const outputs = await screen.findAllByRole('status', { name: 'params' });
    const expected = JSON.stringify({ name: 'Bello der Große', id: 'a/b' });
    expect(outputs.map((output) => output.textContent)).toEqual([expected, expected]);
  });

  it('answers a 404 error response at the root when no route matches', async () => {
    show(
      createMemoryRouter([{ path: '/', Component: screenOf('home'), ErrorBoundary: ErrorScreen }], {
        initialEntries: ['/nowhere'],
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('status 404');
  });
});

describe('nested layouts and navigation', () => {
  function Navigator() {
    const navigate = useNavigate();
    return (
      <>
        <button onClick={() => void navigate('/b', { state: { from: 'a' } })}>to b</button>
        <button onClick={() => void navigate(-1)}>back</button>
      </>
    );
  }

  function StateOf() {
    return <output aria-label="state">{JSON.stringify(useLocation().state)}</output>;
  }

  const A = screenOf('A');
  const B = screenOf('B');
  const routes: RouteObject[] = [
    {
      Component: Layout,
      children: [
        {
          path: '/a',
          Component: () => (
            <>
              <A />
              <Navigator />
            </>
          ),
        },
        {
          path: '/b',
          Component: () => (
            <>
              <B />
              <StateOf />
              <Navigator />
            </>
          ),
        },
      ],
    },
  ];

  it('renders the child in the layout, keeps the layout across navigations, carries state, goes back', async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter(routes, { initialEntries: ['/a'] });
    show(router);
    await user.click(await screen.findByRole('button', { name: 'layout clicks 0' }));
    await user.click(screen.getByRole('button', { name: 'to b' }));

    expect(await screen.findByRole('heading', { name: 'B' })).toBeInTheDocument();
    // The layout was not remounted: its state survived the navigation.
    expect(screen.getByRole('button', { name: 'layout clicks 1' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'state' })).toHaveTextContent('{"from":"a"}');
    expect(router.state.historyAction).toBe('PUSH');

    await user.click(screen.getByRole('button', { name: 'back' }));
    expect(await screen.findByRole('heading', { name: 'A' })).toBeInTheDocument();
    expect(pathOf(router)).toBe('/a');
    expect(router.state.historyAction).toBe('POP');
  });

  it('Navigate replaces the current entry (and carries state)', async () => {
    const New = screenOf('new');
    const router = createMemoryRouter(
      [
        { path: '/start', Component: screenOf('start') },
        { path: '/old', Component: () => <Navigate replace to="/new" state={{ why: 'moved' }} /> },
        {
          path: '/new',
          Component: () => (
            <>
              <New />
              <output aria-label="state">{JSON.stringify(useLocation().state)}</output>
            </>
          ),
        },
      ],
      { initialEntries: ['/start', '/old'] },
    );
    show(router);
    expect(await screen.findByRole('heading', { name: 'new' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'state' })).toHaveTextContent('{"why":"moved"}');
    expect(router.state.historyAction).toBe('REPLACE');
    // /old is gone from the history: one step back is /start.
    await act(() => router.navigate(-1));
    expect(pathOf(router)).toBe('/start');
    expect(await screen.findByRole('heading', { name: 'start' })).toBeInTheDocument();
  });

  it('hands out the handles of every matched route, root first', async () => {
    function Titles() {
      return (
        <output aria-label="handles">{JSON.stringify(useMatches().map((match) => match.handle))}</output>
      );
    }
    show(
      createMemoryRouter(
        [
          {
            handle: 'root',
            Component: () => (
              <>
                <Titles />
                <Outlet />
              </>
            ),
            children: [
              { Component: Outlet, children: [{ path: '/x', handle: { title: 'X' }, Component: Titles }] },
            ],
          },
        ],
        { initialEntries: ['/x'] },
      ),
    );
    const outputs = await screen.findAllByRole('status', { name: 'handles' });
    // The layout without a handle counts as a match too; every caller sees the whole list.
    expect(outputs.map((output) => output.textContent)).toEqual([
      '["root",null,{"title":"X"}]',
      '["root",null,{"title":"X"}]',
    ]);
  });
});

describe('lazy routes', () => {
  it('shows the HydrateFallback until the first screen has loaded', async () => {
    const module = deferred<{ Component: ComponentType }>();
    const router = createMemoryRouter(
      [
        {
          Component: Layout,
          HydrateFallback: screenOf('loading the app'),
          children: [{ path: '/', lazy: () => module.promise }],
        },
      ],
      { initialEntries: ['/'] },
    );
    show(router);
    expect(screen.getByRole('heading', { name: 'loading the app' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /layout clicks/ })).not.toBeInTheDocument();
    module.resolve({ Component: screenOf('home') });
    expect(await screen.findByRole('heading', { name: 'home' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'loading the app' })).not.toBeInTheDocument();
    expect(router.state.initialized).toBe(true);
  });

  it('keeps the current screen until the next one has loaded, then shows it', async () => {
    const module = deferred<{ Component: ComponentType }>();
    const lazy = vi.fn(() => module.promise);
    const router = createMemoryRouter(
      [
        {
          Component: Layout,
          children: [
            { path: '/', Component: screenOf('home') },
            { path: '/later', lazy },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    show(router);
    expect(await screen.findByRole('heading', { name: 'home' })).toBeInTheDocument();

    let done = false;
    const navigation = router.navigate('/later').then(() => {
      done = true;
    });
    await act(async () => undefined);
    expect(lazy).toHaveBeenCalledTimes(1);
    expect(router.state.navigation.state).toBe('loading');
    expect(pathOf(router)).toBe('/');
    expect(screen.getByRole('heading', { name: 'home' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/');
    expect(done).toBe(false);

    module.resolve({ Component: screenOf('later') });
    await act(() => navigation);
    expect(done).toBe(true);
    expect(pathOf(router)).toBe('/later');
    expect(await screen.findByRole('heading', { name: 'later' })).toBeInTheDocument();
    expect(router.state.navigation.state).toBe('idle');
  });

  it('drops a pending navigation that a newer one overtook', async () => {
    const slow = deferred<{ Component: ComponentType }>();
    const router = createMemoryRouter(
      [
        { path: '/', Component: screenOf('home') },
        { path: '/slow', lazy: () => slow.promise },
        { path: '/fast', Component: screenOf('fast') },
      ],
      { initialEntries: ['/'] },
    );
    show(router);
    const first = router.navigate('/slow');
    await act(() => router.navigate('/fast'));
    slow.resolve({ Component: screenOf('slow') });
    await act(() => first);
    expect(pathOf(router)).toBe('/fast');
    expect(screen.getByRole('heading', { name: 'fast' })).toBeInTheDocument();
  });

  it('shows the nearest ErrorBoundary with the error when a module fails to load, inside the layouts', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [
        {
          Component: Layout,
          ErrorBoundary: screenOf('root error'),
          children: [
            { path: '/', Component: screenOf('home') },
            {
              path: '/broken',
              ErrorBoundary: ErrorScreen,
              lazy: () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
            },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    show(router);
    await act(() => router.navigate('/broken'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch dynamically imported module');
    expect(screen.getByRole('button', { name: /layout clicks/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'root error' })).not.toBeInTheDocument();
    expect(pathOf(router)).toBe('/broken');

    // Another location renders normally again.
    await act(() => router.navigate('/'));
    expect(await screen.findByRole('heading', { name: 'home' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('catches an error thrown while rendering a route in the nearest ErrorBoundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Throws = () => {
      throw new Error('render failed');
    };
    const router = createMemoryRouter(
      [
        {
          Component: Layout,
          ErrorBoundary: ErrorScreen,
          children: [
            { path: '/', Component: screenOf('home') },
            { path: '/throws', Component: Throws },
          ],
        },
      ],
      { initialEntries: ['/throws'] },
    );
    show(router);
    expect(await screen.findByRole('alert')).toHaveTextContent('render failed');
    // The boundary is the layout's: the layout itself is replaced.
    expect(screen.queryByRole('button', { name: /layout clicks/ })).not.toBeInTheDocument();
    await act(() => router.navigate('/'));
    expect(await screen.findByRole('heading', { name: 'home' })).toBeInTheDocument();
  });
});

describe('search params', () => {
  function Filter() {
    const [params, setParams] = useSearchParams();
    return (
      <>
        <output aria-label="kind">{params.get('kind') ?? 'none'}</output>
        <button
          onClick={() =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              next.set('kind', 'dog');
              return next;
            })
          }
        >
          dogs
        </button>
        <button onClick={() => setParams({ kind: 'cat' }, { replace: true })}>cats</button>
      </>
    );
  }

  it('reads the query and sets it on the same path, pushing or replacing', async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter([{ path: '/pets', Component: Filter }], {
      initialEntries: ['/pets?page=2'],
    });
    show(router);
    expect(await screen.findByRole('status', { name: 'kind' })).toHaveTextContent('none');

    await user.click(screen.getByRole('button', { name: 'dogs' }));
    await waitFor(() => expect(pathOf(router)).toBe('/pets?page=2&kind=dog'));
    expect(screen.getByRole('status', { name: 'kind' })).toHaveTextContent('dog');
    expect(router.state.historyAction).toBe('PUSH');

    await user.click(screen.getByRole('button', { name: 'cats' }));
    await waitFor(() => expect(pathOf(router)).toBe('/pets?kind=cat'));
    expect(router.state.historyAction).toBe('REPLACE');

    // "cats" replaced "dogs": back is the first entry.
    await act(() => router.navigate(-1));
    expect(pathOf(router)).toBe('/pets?page=2');
    expect(screen.getByRole('status', { name: 'kind' })).toHaveTextContent('none');
  });
});

describe('Link', () => {
  const routes: RouteObject[] = [
    {
      Component: Layout,
      children: [
        {
          path: '/',
          Component: () => (
            <>
              <Link to="/target?x=1#part">to target</Link>
              <Link to="/target" target="_blank">
                new tab
              </Link>
              <Link to="/target" download>
                download
              </Link>
              <Link to="https://example.org/elsewhere">external</Link>
            </>
          ),
        },
        { path: '/target', Component: screenOf('target') },
      ],
    },
  ];

  it('navigates client-side on a plain left click and has a real href', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    show(router);
    const link = await screen.findByRole('link', { name: 'to target' });
    expect(link).toHaveAttribute('href', '/target?x=1#part');
    expect(fireEvent.click(link, { button: 0 })).toBe(false); // false: default prevented
    expect(await screen.findByRole('heading', { name: 'target' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/target', search: '?x=1', hash: '#part' });
  });

  /** Did the router take the click (prevent the browser's navigation)? Stops jsdom following it. */
  function clickTakenByRouter(link: HTMLElement, init: MouseEventInit = {}): boolean {
    let prevented = false;
    // Runs after React's listener (on the root): sees what the router did, then stops jsdom.
    const check = (event: Event) => {
      prevented = event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', check);
    fireEvent.click(link, init);
    document.removeEventListener('click', check);
    return prevented;
  }

  it.each([
    ['ctrl', { ctrlKey: true }],
    ['meta', { metaKey: true }],
    ['shift', { shiftKey: true }],
    ['alt', { altKey: true }],
    ['middle button', { button: 1 }],
  ])('leaves a %s click to the browser', async (_name, init) => {
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    show(router);
    const link = await screen.findByRole('link', { name: 'to target' });
    expect(clickTakenByRouter(link, init)).toBe(false);
    expect(pathOf(router)).toBe('/');
    // The same link with a plain click is the router's.
    expect(clickTakenByRouter(link)).toBe(true);
    expect(await screen.findByRole('heading', { name: 'target' })).toBeInTheDocument();
  });

  it.each(['new tab', 'download', 'external'])('leaves the "%s" link to the browser', async (name) => {
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    show(router);
    expect(clickTakenByRouter(await screen.findByRole('link', { name }))).toBe(false);
    expect(pathOf(router)).toBe('/');
    expect(screen.queryByRole('heading', { name: 'target' })).not.toBeInTheDocument();
  });

  it('keeps an external href as it is', async () => {
    show(createMemoryRouter(routes, { initialEntries: ['/'] }));
    expect(await screen.findByRole('link', { name: 'external' })).toHaveAttribute(
      'href',
      'https://example.org/elsewhere',
    );
  });
});

describe('browser history', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('pushes to window.history and follows back/forward (popstate)', async () => {
    window.history.replaceState(null, '', '/one');
    const user = userEvent.setup();
    const router = createBrowserRouter([
      {
        Component: Layout,
        children: [
          { path: '/one', Component: () => <Link to="/two">go two</Link> },
          { path: '/two', Component: screenOf('two') },
        ],
      },
    ]);
    show(router);
    await user.click(await screen.findByRole('link', { name: 'go two' }));
    expect(await screen.findByRole('heading', { name: 'two' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/two');

    await act(() => router.navigate(-1));
    expect(window.location.pathname).toBe('/one');
    expect(await screen.findByRole('link', { name: 'go two' })).toBeInTheDocument();

    act(() => window.history.forward());
    expect(await screen.findByRole('heading', { name: 'two' })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('POP');
    router.dispose();
  });
});

describe('ScrollRestoration', () => {
  it('goes to the top on a new screen and back to the saved position on back', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const scrollY = vi.spyOn(window, 'scrollY', 'get');
    const router = createMemoryRouter(
      [
        {
          Component: () => (
            <>
              <ScrollRestoration />
              <Outlet />
            </>
          ),
          children: [
            { path: '/list', Component: screenOf('list') },
            { path: '/item', Component: screenOf('item') },
          ],
        },
      ],
      { initialEntries: ['/list'] },
    );
    show(router);
    await screen.findByRole('heading', { name: 'list' });

    scrollY.mockReturnValue(640);
    scrollTo.mockClear();
    await act(() => router.navigate('/item'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    scrollY.mockReturnValue(0);
    scrollTo.mockClear();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'list' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });
});
