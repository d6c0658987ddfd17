// A small route table: "METHOD /path/{param}" -> handler. It tells a wrong method (405)
// apart from an unknown path (404), which a plain lookup cannot.
import type { Principal } from '../auth';
import { methodNotAllowed, notFound } from './errors';

export interface RequestContext {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  /** Whom the bearer token speaks for (the account on the token call itself). */
  principal: Principal;
}

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Runs once the answer has been handed to the connection (the admin stop call). */
  afterSent?: () => void;
}

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

export interface Route {
  method: string;
  pattern: string;
  handler: Handler;
  /** False only for the token call: every other call needs a bearer token. */
  auth?: boolean;
  /**
   * True where a beneficiary key may call (its handler checks what it touches); every other
   * route refuses one with 403 before its handler runs.
   */
  beneficiaryKey?: boolean;
}

interface CompiledRoute extends Route {
  regex: RegExp;
  names: string[];
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

export class Router {
  private readonly routes: CompiledRoute[] = [];

  add(...routes: Route[]): this {
    for (const route of routes) {
      const names: string[] = [];
      const source = route.pattern
        .split('/')
        .map((segment) => {
          const param = /^\{(\w+)\}$/.exec(segment);
          if (!param?.[1]) return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
          names.push(param[1]);
          return '([^/]+)';
        })
        .join('/');
      this.routes.push({ ...route, regex: new RegExp(`^${source}/?$`), names });
    }
    return this;
  }

  /** The route for a request, or a 404/405 ServiceError thrown. */
  match(method: string, path: string): RouteMatch {
    const allowed: string[] = [];
    for (const route of this.routes) {
      const found = route.regex.exec(path);
      if (!found) continue;
      if (route.method !== method) {
        allowed.push(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      route.names.forEach((name, index) => {
        params[name] = decodeURIComponent(found[index + 1] ?? '');
      });
      return { route, params };
    }
    if (allowed.length > 0) throw methodNotAllowed(method, path, allowed);
    throw notFound(`no such path: ${path}`);
  }
}
