/**
 * @module engine/context-engine
 * `openContext` / `resumeContext`: one object per agent session that owns the history, the
 * activation state, the artifact store, the cache ledger and the session, and turns them into one
 * request per turn. The caller carries nothing between turns: it adds the user's message, calls
 * `prepare()`, sends the request, hands the response to `recordResponse()`, runs the tool calls
 * (ctxloom's own with `runBuiltin`) and adds their results; `save()` stores it all in one revision.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { CtxloomError, type Diagnostic, diagnostic } from '../diagnostics/index.js';
import {
  type ArtifactStore,
  type CompactionResult,
  compactHistory,
  createFsArtifactStore,
  createReadArtifactHandler,
  elideOnArrival,
  type History,
  historyTokens,
  type Message,
  messageText,
  type Part,
  type Pin,
  planCompaction,
  READ_ARTIFACT_TOOL_NAME,
  readArtifactTool,
  survivingTexts,
  type TextPart,
  type ToolResultPart,
} from '../history/index.js';
import { loadProject, type Project, type ProjectScanner } from '../project/index.js';
import {
  type BuiltPrompt,
  createPresetRegistry,
  type PreparedRetrieved,
  prepareRetrievedDocuments,
  type RetrievedPassage,
  type SectionRegistry,
  withContext,
} from '../prompt/index.js';
import {
  type AnthropicToolSearchOptions,
  type CacheBlock,
  CacheLedger,
  explainCacheMiss,
  supportsAnthropicToolSearch,
} from '../providers/index.js';
import { gateUntrusted, scan } from '../safety/index.js';
import {
  createSession,
  FileSessionStore,
  forkSession,
  type Session,
  type SessionStore,
  updateSession,
} from '../session/index.js';
import {
  type ActivationState,
  compileSkillTriggers,
  createInvokeSkillHandler,
  emptyActivationState,
  INVOKE_SKILL_TOOL,
  INVOKE_SKILL_TOOL_NAME,
  type InjectedBlock,
  markActivated,
  planMessageInjection,
  planPathInjection,
  rearmAfterCompaction,
  type SkillTriggers,
} from '../skills/index.js';
import { defaultTokenCounter, type TokenCounter } from '../tokens/index.js';
import {
  createSearchToolsHandler,
  planToolBudget,
  SEARCH_TOOLS_TOOL_NAME,
  type SearchToolsResult,
  type ToolDefinition,
  toolBlockTokens,
  toolDigests,
} from '../tools/index.js';
import { isContextOverflow } from './overflow.js';
import { buildPayload } from './payload.js';
import { assistantMessage, readResponse } from './response.js';
import { RuleBook } from './rule-book.js';
import type {
  AddedToolResult,
  OpenContextOptions,
  OverflowRecovery,
  PreparedRequest,
  ProviderName,
  RecordedResponse,
  RequestFor,
  ResumeContextOptions,
  ToolCall,
  ToolResultInput,
} from './types.js';

const DEFAULT_MAX_OUTPUT = 8192;
const DEFAULT_ELIDE_ABOVE = 4000;
const DEFAULT_PAGE_LINES = 200;

/** Everything an engine is made of; `fork` and `resumeContext` make one from parts. */
interface EngineParts<P extends ProviderName> {
  readonly options: OpenContextOptions<P>;
  readonly project: Project;
  readonly store: SessionStore;
  readonly artifacts: ArtifactStore;
  readonly registry: SectionRegistry;
  readonly session: Session;
  /** Whether the session exists in the store already. */
  readonly stored: boolean;
}

function activationOf(session: Session): ActivationState {
  return markActivated(emptyActivationState(), session.activated);
}

function textOfParts(parts: readonly Part[]): string {
  return parts
    .filter((p): p is TextPart => p.type === 'text')
    .map((p) => p.text)
    .join('\n');
}

/** The context engine of one agent session. Create it with {@link openContext}. */
export class ContextEngine<P extends ProviderName = ProviderName> {
  readonly #options: OpenContextOptions<P>;
  readonly #project: Project;
  readonly #store: SessionStore;
  readonly #artifacts: ArtifactStore;
  readonly #registry: SectionRegistry;
  readonly #counter: TokenCounter;
  readonly #scanner: ProjectScanner;
  readonly #clock: () => Date;
  readonly #rules: RuleBook;
  readonly #triggers: SkillTriggers;
  readonly #ledger = new CacheLedger();
  readonly #readArtifact: ReturnType<typeof createReadArtifactHandler>;
  readonly #invokeSkill: ReturnType<typeof createInvokeSkillHandler>;
  readonly #tools: readonly ToolDefinition[];
  /** `search_tools` over the tools the budget held back (when something was held back). */
  readonly #searchTools:
    | ((input: unknown, loaded: ReadonlySet<string>) => SearchToolsResult)
    | undefined;
  /** Anthropic's server-side tool search over the held-back tools (`toolSearch: 'anthropic'`). */
  readonly #serverSearch: AnthropicToolSearchOptions | undefined;
  /** Tools `search_tools` found, in the order found; sent after every other tool. */
  readonly #found: ToolDefinition[] = [];
  #session: Session;
  #stored: boolean;
  #history: Message[];
  readonly #pins: Pin[];
  #seq: number;
  #activation: ActivationState;
  #previousBlocks: readonly CacheBlock[] | undefined;
  #lastResponseId: string | undefined;
  /** Outputs `runBuiltin` produced, by call id: they were gated already and are never elided. */
  readonly #builtinOutputs = new Map<string, string>();
  readonly #diagnostics: Diagnostic[] = [];

  /** @internal use {@link openContext} or {@link resumeContext} */
  constructor(parts: EngineParts<P>) {
    this.#options = parts.options;
    this.#project = parts.project;
    this.#store = parts.store;
    this.#artifacts = parts.artifacts;
    this.#registry = parts.registry;
    this.#session = parts.session;
    this.#stored = parts.stored;
    this.#history = [...parts.session.history];
    this.#pins = [...(parts.session.pins ?? [])];
    this.#seq = parts.session.messageSeq;
    this.#activation = activationOf(parts.session);
    this.#counter = parts.options.tokenCounter ?? defaultTokenCounter;
    this.#scanner = parts.options.scanner ?? ((text, o) => scan(text, o));
    this.#clock = parts.options.clock ?? (() => new Date());
    this.#rules = new RuleBook(parts.project);
    const visibility = parts.project.config.config.skills?.visibility ?? {};
    this.#triggers = compileSkillTriggers(parts.project.skills.skills, visibility);
    this.#readArtifact = createReadArtifactHandler(parts.artifacts, {
      pageLines: parts.options.readArtifactPageLines ?? DEFAULT_PAGE_LINES,
    });
    this.#invokeSkill = createInvokeSkillHandler(parts.project.skills.skills, {
      scan: this.#scanner,
      visibility,
      tokenCounter: this.#counter,
    });
    const builtins: ToolDefinition[] = [readArtifactTool];
    if (parts.project.catalog.entries.length > 0) builtins.push(INVOKE_SKILL_TOOL);
    const callerTools = parts.options.tools ?? [];
    let sent = callerTools;
    const budget = parts.options.toolBudgetTokens;
    const server = this.#serverToolSearch(parts.options);
    if (server) {
      const plan = planToolBudget(callerTools, {
        budgetTokens: budget ?? 0,
        tokenCounter: this.#counter,
        reservedTokens: budget === undefined ? 0 : toolBlockTokens(builtins, this.#counter),
        catalog: false,
      });
      sent = plan.sent;
      this.#serverSearch = {
        variant: parts.options.anthropicToolSearch ?? 'bm25',
        deferred: plan.deferred,
      };
    } else if (budget !== undefined) {
      const plan = planToolBudget(callerTools, {
        budgetTokens: budget,
        tokenCounter: this.#counter,
        reservedTokens: toolBlockTokens(builtins, this.#counter),
      });
      sent = plan.sent;
      if (plan.searchTool !== undefined) {
        builtins.push(plan.searchTool);
        this.#searchTools = createSearchToolsHandler(plan.deferred);
      }
    }
    const names = new Set<string>();
    for (const t of [...callerTools, ...builtins]) {
      if (names.has(t.name))
        throw new CtxloomError(
          'E_TOOL_DUPLICATE',
          `two tools are named "${t.name}" (ctxloom's own are ${READ_ARTIFACT_TOOL_NAME} and ${INVOKE_SKILL_TOOL_NAME})`,
        );
      names.add(t.name);
    }
    this.#tools = Object.freeze([...sent, ...builtins]);
    // a resumed session finds again what its search_tools calls found (the search is pure)
    if (this.#searchTools !== undefined)
      for (const m of this.#history)
        for (const p of m.parts)
          if (p.type === 'tool-call' && p.name === SEARCH_TOOLS_TOOL_NAME)
            this.#found.push(
              ...this.#searchTools(p.input, new Set(this.#found.map((t) => t.name))).found,
            );
  }

  /** Whether `toolSearch: 'anthropic'` applies; when it cannot, a `W_TOOL_SEARCH_FALLBACK`. */
  #serverToolSearch(options: OpenContextOptions<P>): boolean {
    if (options.toolSearch !== 'anthropic') return false;
    const why =
      options.provider !== 'anthropic'
        ? `the ${options.provider} provider has no server-side tool search here`
        : supportsAnthropicToolSearch(options.model)
          ? undefined
          : `${options.model} does not support Anthropic's tool search`;
    if (why === undefined) return true;
    this.#diagnostics.push(
      diagnostic(
        'W_TOOL_SEARCH_FALLBACK',
        'warning',
        `toolSearch "anthropic": ${why}; ctxloom's search_tools is used instead`,
      ),
    );
    return false;
  }

  /** The session id. */
  get id(): string {
    return this.#session.id;
  }

  /** The session this one was forked from. */
  get parentId(): string | undefined {
    return this.#session.parentId;
  }

  /** The conversation so far (a frozen copy). */
  get history(): History {
    return Object.freeze([...this.#history]);
  }

  /** The loaded project. */
  get project(): Project {
    return this.#project;
  }

  /** The cache ledger: what each response reported, and what it cost. */
  get ledger(): CacheLedger {
    return this.#ledger;
  }

  /** The tools the next request offers: the caller's sent ones, ctxloom's own, then the found ones. */
  get tools(): readonly ToolDefinition[] {
    return Object.freeze([...this.#tools, ...this.#found]);
  }

  /** The session as it would be saved now. */
  get session(): Session {
    return this.#snapshot();
  }

  /** Everything that went wrong or was left out in this session so far (project load first). */
  get diagnostics(): readonly Diagnostic[] {
    return Object.freeze([...this.#project.diagnostics, ...this.#diagnostics]);
  }

  #nextId(): string {
    return `m${this.#seq++}`;
  }

  #emitInjections(blocks: readonly InjectedBlock[], messageId: string): void {
    const hook = this.#options.hooks?.onInjection;
    if (hook === undefined) return;
    for (const b of blocks)
      hook({
        kind: b.key.startsWith('rule:') ? 'rule' : 'skill',
        key: b.key,
        via: b.via,
        messageId,
      });
  }

  /**
   * Adds what the user typed. Skills it triggers (a leading `/name`, keywords) are injected once,
   * each as its own text part after the user's text.
   */
  /**
   * Pins a message (by id) or a text: every later compaction keeps it word for word (see
   * `CompactOptions.pins`). Pins are saved with the session (`Session.pins`), restored by
   * `resumeContext`, and copied into a fork (it continues the same history).
   */
  pin(pin: Pin): void {
    this.#pins.push(pin);
  }

  /** The pins set with {@link pin}, oldest first. */
  get pins(): readonly Pin[] {
    return Object.freeze([...this.#pins]);
  }

  async addUserMessage(text: string): Promise<string> {
    const plan = await planMessageInjection(this.#activation, text, this.#triggers, {
      scan: this.#scanner,
      tokenCounter: this.#counter,
    });
    this.#diagnostics.push(...plan.diagnostics);
    this.#activation = plan.state;
    const id = this.#nextId();
    const parts: TextPart[] = [{ type: 'text', text }];
    for (const b of plan.blocks) parts.push({ type: 'text', text: b.text });
    this.#history.push({ id, role: 'user', parts });
    this.#emitInjections(plan.blocks, id);
    return id;
  }

  #retrieved: PreparedRetrieved | undefined;

  /**
   * Passages a retriever found, for the `retrieved-documents` section of the next `prepare()`s
   * (until replaced; `[]` clears them). Each passes the scan gate now as untrusted text (blocked:
   * left out, `W_RETRIEVED_BLOCKED`; flagged: wrapped) and the set fits `maxTokens` (default
   * 4,000, `W_RETRIEVED_BUDGET`). Returns what was kept and why the rest was not.
   */
  setRetrievedDocuments(
    passages: readonly RetrievedPassage[],
    options: { maxTokens?: number } = {},
  ): PreparedRetrieved {
    const prepared = prepareRetrievedDocuments(passages, {
      gate: (text, source) =>
        gateUntrusted(text, { source, channel: 'retrieved-document', scanner: this.#scanner }),
      maxTokens: options.maxTokens,
      tokenCounter: this.#counter,
    });
    this.#diagnostics.push(...prepared.diagnostics);
    this.#retrieved = prepared;
    return prepared;
  }

  #build(): BuiltPrompt {
    const r = this.#retrieved;
    const ctx = withContext(this.#project.context, {
      now: this.#clock(),
      ...(r ? { retrievedDocuments: r.passages, retrievedOmitted: r.omitted } : {}),
    });
    return this.#registry.build(ctx);
  }

  #budget(prompt: BuiltPrompt, targetScale = 1) {
    const c = this.#options.compaction ?? {};
    const toolTokens = toolBlockTokens([...this.#tools, ...this.#found], this.#counter);
    const reserved =
      prompt.report.totals.total.tokens +
      toolTokens +
      (this.#options.maxOutputTokens ?? DEFAULT_MAX_OUTPUT);
    return {
      window: this.#options.window,
      reserved,
      ...(c.soft === undefined ? {} : { soft: c.soft }),
      ...(c.hard === undefined ? {} : { hard: c.hard }),
      target: (c.target ?? 0.6) * targetScale,
    };
  }

  async #compact(prompt: BuiltPrompt, force: boolean, targetScale = 1): Promise<CompactionResult> {
    const budget = this.#budget(prompt, targetScale);
    const result = await compactHistory(this.#history, {
      budget,
      tokenCounter: this.#counter,
      store: this.#artifacts,
      force,
      pins: this.#pins,
      scan: (text) => this.#scanner(text, { source: 'compaction summary' }),
      ...(this.#options.compaction?.summarizer === undefined
        ? {}
        : { summarizer: this.#options.compaction.summarizer }),
    });
    this.#diagnostics.push(...result.diagnostics);
    if (result.status === 'unchanged') return result;
    this.#history = [...result.history];
    // re-arm every rule and skill whose injected text the compaction removed (the same test as
    // the compaction's own record.rearmed, over the same surviving texts)
    this.#activation = rearmAfterCompaction(this.#activation, survivingTexts(this.#history));
    this.#session = updateSession(this.#session, {
      compactions: [
        ...this.#session.compactions,
        {
          at: this.#clock().toISOString(),
          tokensBefore: result.tokensBefore,
          tokensAfter: result.tokensAfter,
          artifacts: result.artifacts.map((a) => a.ref),
        },
      ],
    });
    this.#options.hooks?.onCompaction?.(result);
    return result;
  }

  /**
   * The request for this turn, for the engine's provider. When the history crosses the soft
   * threshold at a natural boundary (or the hard one anywhere) it is compacted first.
   */
  async prepare(): Promise<PreparedRequest<P>> {
    let prompt = this.#build();
    const plan = planCompaction(this.#history, this.#budget(prompt), {
      tokenCounter: this.#counter,
    });
    let compaction: CompactionResult | undefined;
    const before = this.#diagnostics.length;
    if (plan.compact) {
      compaction = await this.#compact(prompt, false);
      prompt = this.#build();
    }
    const payload = buildPayload({
      provider: this.#options.provider,
      model: this.#options.model,
      maxOutputTokens: this.#options.maxOutputTokens ?? DEFAULT_MAX_OUTPUT,
      prompt,
      history: this.#history,
      tools: this.#tools,
      appendedTools: this.#found,
      anthropicToolSearch: this.#serverSearch,
      tokenCounter: this.#counter,
      contextEdits: this.#options.contextEdits,
      promptCacheRetention: this.#options.promptCacheRetention,
      ...(this.#options.cacheDiagnostics === true
        ? { diagnoseAgainst: this.#lastResponseId ?? null }
        : {}),
    });
    this.#reportCacheMiss(payload.blocks);
    return {
      // buildPayload built the shape of this engine's provider
      request: payload.request as RequestFor<P>,
      breakpoints: payload.breakpoints,
      betas: payload.betas,
      report: {
        prompt: prompt.report,
        historyTokens: historyTokens(this.#history, this.#counter),
        messages: this.#history.length,
        compaction,
        diagnostics: Object.freeze(this.#diagnostics.slice(before)),
      },
    };
  }

  #reportCacheMiss(blocks: readonly CacheBlock[]): void {
    const previous = this.#previousBlocks;
    this.#previousBlocks = blocks;
    const hook = this.#options.hooks?.onCacheMiss;
    if (previous === undefined || hook === undefined) return;
    const explanation = explainCacheMiss({ blocks: previous }, { blocks }, this.#counter);
    if (explanation.identicalPrefix) return;
    // a divergence after the previous request's last breakpoint (the clock moved) costs only
    // what was never cached; one before it is a miss worth reporting
    let lastBreakpoint = -1;
    previous.forEach((b, i) => {
      if (b.breakpoint !== undefined) lastBreakpoint = i;
    });
    const cachedUpTo = lastBreakpoint >= 0 ? lastBreakpoint : previous.length - 2;
    if (explanation.blockIndex <= cachedUpTo) hook(explanation);
  }

  /**
   * Records the provider's response (the SDK's return value as is): the assistant message goes
   * into the history and its usage into the ledger and the session's cache figures.
   */
  recordResponse(response: unknown): RecordedResponse {
    const read = readResponse(this.#options.provider, response);
    if (read.responseId !== undefined) this.#lastResponseId = read.responseId;
    const id = this.#nextId();
    this.#history.push(assistantMessage(id, read.parts));
    if (read.usage !== undefined) {
      this.#ledger.record(read.usage, id);
      const c = this.#session.cache;
      this.#session = updateSession(this.#session, {
        cache: {
          turns: c.turns + 1,
          inputTotal: c.inputTotal + read.usage.inputTotal,
          cacheRead: c.cacheRead + read.usage.cacheRead,
          cacheWrite: c.cacheWrite + read.usage.cacheWrite,
        },
      });
    }
    return {
      messageId: id,
      toolCalls: read.toolCalls,
      usage: read.usage,
      stopReason: read.stopReason,
      text: textOfParts(read.parts),
    };
  }

  /** Whether `call` is one of ctxloom's own tools (`read_artifact`, `invoke_skill`, `search_tools`). */
  handles(call: Pick<ToolCall, 'name'>): boolean {
    return this.#tools.some(
      (t) =>
        (t.name === READ_ARTIFACT_TOOL_NAME ||
          t.name === INVOKE_SKILL_TOOL_NAME ||
          t.name === SEARCH_TOOLS_TOOL_NAME) &&
        t.name === call.name,
    );
  }

  /**
   * Runs one of ctxloom's own tools and returns the text for `addToolResult` (`search_tools`:
   * the tools it finds are sent from the next request on). `read_artifact`
   * without a range returns one page (`readArtifactPageLines`) with a line naming the next one.
   */
  async runBuiltin(call: ToolCall): Promise<string> {
    let output: string;
    if (call.name === READ_ARTIFACT_TOOL_NAME) output = await this.#runReadArtifact(call.input);
    else if (call.name === INVOKE_SKILL_TOOL_NAME) {
      const r = await this.#invokeSkill(call.input);
      this.#diagnostics.push(...r.diagnostics);
      output = r.text;
      if (r.ok) {
        this.#activation = markActivated(this.#activation, [{ key: r.key, via: 'invoke' }]);
        const invoked = new Set([...this.#session.invokedSkills, r.name]);
        this.#session = updateSession(this.#session, { invokedSkills: [...invoked].sort() });
        this.#emitInjections([{ key: r.key, via: 'invoke', text: r.text }], 'pending');
      }
    } else if (call.name === SEARCH_TOOLS_TOOL_NAME && this.#searchTools !== undefined) {
      const r = this.#searchTools(call.input, new Set(this.#found.map((t) => t.name)));
      // appended, never inserted: the tools before them keep their bytes and their cache
      this.#found.push(...r.found);
      output = r.text;
    } else
      throw new CtxloomError('E_TOOL_NOT_BUILTIN', `"${call.name}" is not one of ctxloom's tools`);
    this.#builtinOutputs.set(call.id, output);
    return output;
  }

  async #runReadArtifact(input: unknown): Promise<string> {
    // the handler returns one page at most, whatever range was asked for
    const r = await this.#readArtifact(input);
    if (!r.ok) return `[read_artifact error ${r.code}: ${r.message}]`;
    const ref = (input as { ref: string }).ref;
    const more =
      r.nextStartLine === undefined
        ? '; end of artifact'
        : `; more: ${READ_ARTIFACT_TOOL_NAME} {"ref":"${ref}","start_line":${r.nextStartLine}}`;
    return `[${READ_ARTIFACT_TOOL_NAME} ${ref}: lines ${r.startLine}-${r.endLine} of ${r.totalLines}, exact text follows${more}]\n${r.content}`;
  }

  /**
   * Adds the result of one tool call. The output passes the scanner (blocked: a placeholder;
   * flagged: a warning around it), a big one is stored as an artifact at once and the model sees
   * head, tail, error lines and a `read_artifact` reference, and the path rules (and the folder
   * rules below cwd) of the files it touched are injected once, each as its own text block.
   */
  async addToolResult(
    call: Pick<ToolCall, 'id' | 'name'>,
    result: ToolResultInput,
  ): Promise<AddedToolResult> {
    const own = this.#builtinOutputs.get(call.id);
    this.#builtinOutputs.delete(call.id);
    let text = result.output;
    let verdict: AddedToolResult['verdict'] = 'clean';
    let elided = false;
    if (own === undefined || own !== result.output) {
      // tool output is untrusted: the one scan gate (a scanner that throws blocks it)
      const gate = gateUntrusted(text, {
        source: `tool result of ${call.name} (call ${call.id})`,
        channel: 'tool-output',
        scanner: this.#scanner,
      });
      this.#diagnostics.push(...gate.diagnostics);
      verdict = gate.verdict === 'unscanned' ? 'clean' : gate.verdict;
      text = gate.text;
      const arrival = elideOnArrival(text, call.name, {
        tokenCounter: this.#counter,
        maxTokens: this.#options.elideAboveTokens ?? DEFAULT_ELIDE_ABOVE,
      });
      if (arrival.elided) {
        await this.#artifacts.put(arrival.artifact.content);
        this.#session = updateSession(this.#session, {
          artifacts: [...new Set([...this.#session.artifacts, arrival.artifact.ref])].sort(),
        });
        text = arrival.text;
        elided = true;
      }
    }
    const diagnostics: Diagnostic[] = [];
    const paths = await this.#rules.touch(result.touched ?? [], diagnostics);
    const injection = planPathInjection(this.#activation, paths, this.#rules.engine(), {
      scan: this.#scanner,
      tokenCounter: this.#counter,
    });
    this.#diagnostics.push(...diagnostics, ...injection.diagnostics);
    this.#activation = injection.state;
    const content: TextPart[] = [{ type: 'text', text }];
    for (const b of injection.blocks) content.push({ type: 'text', text: b.text });
    const part: ToolResultPart = {
      type: 'tool-result',
      toolCallId: call.id,
      content: content.length === 1 ? text : content,
      ...(result.isError === true ? { isError: true } : {}),
    };
    // results of one assistant step share one tool message
    const last = this.#history.at(-1);
    let messageId: string;
    if (last?.role === 'tool') {
      messageId = last.id;
      this.#history[this.#history.length - 1] = { ...last, parts: [...last.parts, part] };
    } else {
      messageId = this.#nextId();
      this.#history.push({ id: messageId, role: 'tool', parts: [part] });
    }
    this.#emitInjections(injection.blocks, messageId);
    return { messageId, elided, verdict, injected: injection.blocks.map((b) => b.key) };
  }

  /**
   * After a provider refused the request as too long (Anthropic `prompt is too long`, OpenAI
   * `context_length_exceeded`): compacts to a lower target, without a model call, so the next
   * `prepare()` fits. Any other error is left alone (`overflow: false`).
   */
  async recoverFromOverflow(error: unknown): Promise<OverflowRecovery> {
    const overflow = isContextOverflow(error);
    if (overflow === undefined) return { overflow: false, compaction: undefined };
    const compaction = await this.#compact(this.#build(), true, 0.75);
    return { overflow: true, compaction };
  }

  #snapshot(): Session {
    return updateSession(this.#session, {
      history: this.#history,
      messageSeq: this.#seq,
      activated: this.#activation.records,
      ...(this.#pins.length === 0 ? {} : { pins: this.#pins }),
      // every tool definition the requests carry, deferred ones too: their bytes are the prefix
      tools: toolDigests([...this.tools, ...(this.#serverSearch?.deferred ?? [])]),
    });
  }

  /** Saves the history and every piece of engine state in one revision. */
  async save(): Promise<Session> {
    const snapshot = this.#snapshot();
    this.#session = this.#stored
      ? await this.#store.save(snapshot)
      : await this.#store.create(snapshot);
    this.#stored = true;
    return this.#session;
  }

  /**
   * A sub-agent's context: a new session id linked to this one, the history and what was
   * injected copied, cache figures reset, and its own prompt mode (e.g. `minimal`). Stored at once.
   */
  async fork(
    options: { mode?: OpenContextOptions['mode']; id?: string } = {},
  ): Promise<ContextEngine> {
    const session = forkSession(this.#snapshot(), {
      id: options.id ?? randomUUID(),
      createdAt: this.#clock().toISOString(),
    });
    const childOptions: OpenContextOptions<P> = {
      ...this.#options,
      ...(options.mode === undefined ? {} : { mode: options.mode }),
    };
    const child = new ContextEngine<P>({
      options: childOptions,
      project: this.#project,
      store: this.#store,
      artifacts: this.#artifacts,
      registry:
        options.mode === undefined
          ? this.#registry
          : createPresetRegistry({ preset: childOptions.preset ?? 'default', mode: options.mode }),
      session,
      stored: false,
    });
    await child.save();
    return child;
  }

  /** The text of the last assistant message, for convenience. */
  lastAssistantText(): string {
    for (let i = this.#history.length - 1; i >= 0; i--) {
      const m = this.#history[i]!;
      if (m.role === 'assistant') return messageText(m);
    }
    return '';
  }
}

async function partsFor<P extends ProviderName>(
  options: OpenContextOptions<P>,
): Promise<Omit<EngineParts<P>, 'session' | 'stored'>> {
  if (!Number.isInteger(options.window) || options.window <= 0)
    throw new CtxloomError(
      'E_ENGINE_OPTIONS',
      `window must be a positive whole number, got ${options.window}`,
    );
  const project =
    options.project ??
    (await loadProject({
      cwd: options.cwd,
      home: options.home,
      env: options.env,
      model: options.model,
      scanner: options.scanner,
      toolNames: options.tools?.map((t) => t.name),
      now: (options.clock ?? (() => new Date()))(),
    }));
  return {
    options,
    project,
    store: options.store ?? new FileSessionStore(join(project.root, '.ctxloom', 'sessions')),
    artifacts:
      options.artifacts ?? createFsArtifactStore(join(project.root, '.ctxloom', 'artifacts')),
    registry:
      options.registry ??
      createPresetRegistry({ preset: options.preset ?? 'default', mode: options.mode ?? 'full' }),
  };
}

/**
 * Opens the context of a new agent session: loads the project (instruction files, skills, memory,
 * plan, config; everything untrusted scanned) and starts an empty history.
 * @example
 * const cx = await openContext({ cwd, model: 'claude-sonnet-4-5', provider: 'anthropic', window: 200_000 });
 * await cx.addUserMessage('Fix the failing test.');
 * const { request } = await cx.prepare();
 */
export async function openContext<P extends ProviderName>(
  options: OpenContextOptions<P>,
): Promise<ContextEngine<P>> {
  const parts = await partsFor(options);
  const session = createSession({
    id: options.id ?? randomUUID(),
    createdAt: (options.clock ?? (() => new Date()))().toISOString(),
  });
  return new ContextEngine<P>({ ...parts, session, stored: false });
}

/**
 * Resumes a saved session in a new engine (another process, another worker): the history, the
 * activation state, the message ids and the cache figures continue where `save()` left them.
 */
export async function resumeContext<P extends ProviderName>(
  options: ResumeContextOptions<P>,
): Promise<ContextEngine<P>> {
  const parts = await partsFor(options);
  const session = await parts.store.load(options.id);
  return new ContextEngine<P>({ ...parts, session, stored: true });
}
