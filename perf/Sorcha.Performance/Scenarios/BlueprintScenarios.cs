using Sorcha.Client;
using Sorcha.Contracts.Blueprints;
using Sorcha.Performance.Engine;

namespace Sorcha.Performance.Scenarios;

/// <summary>
/// Alternates GET of one blueprint and GET of a page, over 20 blueprints (both samples) created in InitAsync. A single
/// blueprint must come back with its id and exactly the content sent; a page must hold exactly the ones of ours that
/// InitAsync found on it, each with its content (pages only ever grow at the end, so ours stay where they were).
/// </summary>
public sealed class BlueprintRead : LoadScenario
{
    private const int Seeded = 20;
    private const int PageSize = 10;

    private readonly Dictionary<string, string> _content = new(StringComparer.Ordinal);
    private readonly List<(int Page, HashSet<string> Ours)> _pages = [];
    private SorchaClient _client = null!;
    private string[] _ids = [];
    private long _counter;

    public override string Name => "blueprint_read";
    public override double DefaultRate => 25;

    protected override async Task InitOnceAsync(LoadContext context, CancellationToken ct)
    {
        _client = await CallerAsync(context, "load-" + Name, ct);
        string[] samples = ["expense-approval.json", "loan-application.json"];
        for (var i = 0; i < Seeded; i++)
        {
            var sent = SampleBlueprints.Load(samples[i % 2]) with { Title = $"{Name} {i}" };
            var created = await _client.Blueprints.CreateAsync(sent, ct);
            _content[created.Id!] = SampleBlueprints.Content(sent);
        }

        _ids = [.. _content.Keys];
        await FindPagesAsync(ct);
    }

    /// <summary>Ours are the newest, so they sit on the last few pages; remember which page holds which.</summary>
    private async Task FindPagesAsync(CancellationToken ct)
    {
        var total = (await _client.Blueprints.ListAsync(1, 1, ct)).TotalCount;
        var last = (int)((total + PageSize - 1) / PageSize);
        for (var page = last; page >= 1 && _pages.Sum(p => p.Ours.Count) < Seeded; page--)
        {
            var items = (await _client.Blueprints.ListAsync(page, PageSize, ct)).Items;
            var ours = items.Where(b => _content.ContainsKey(b.Id!)).Select(b => b.Id!).ToHashSet(StringComparer.Ordinal);
            if (ours.Count > 0)
            {
                _pages.Add((page, ours));
            }
        }

        if (_pages.Sum(p => p.Ours.Count) != Seeded)
        {
            throw new InvalidOperationException($"{Name}: the listing shows {_pages.Sum(p => p.Ours.Count)} of the {Seeded} blueprints just created");
        }
    }

    public override async Task<bool> StepAsync(LoadContext context, CancellationToken ct)
    {
        var n = Interlocked.Increment(ref _counter);
        if (n % 2 == 0)
        {
            var id = _ids[n / 2 % _ids.Length];
            var blueprint = await _client.Blueprints.GetAsync(id, ct);
            return Expect(blueprint.Id == id && blueprint.Version == 1, "get: another id or version")
                   && Expect(SampleBlueprints.Content(blueprint) == _content[id], "get: content differs from what was created");
        }

        var (page, expected) = _pages[(int)(n / 2 % _pages.Count)];
        var answer = await _client.Blueprints.ListAsync(page, PageSize, ct);
        var ours = answer.Items.Where(b => _content.ContainsKey(b.Id!)).ToList();
        return Expect(answer.Page == page && ours.Count == expected.Count && ours.All(b => expected.Contains(b.Id!)),
                   $"page {page}: {ours.Count} of the {expected.Count} blueprints it held")
               && Expect(ours.All(b => SampleBlueprints.Content(b) == _content[b.Id!]), $"page {page}: content differs");
    }
}

/// <summary>POST a new valid blueprint (the expense sample, a new title each time); OK only for 201 echoing a new id and the content sent.</summary>
public sealed class BlueprintWrite : LoadScenario
{
    private SorchaClient _client = null!;
    private BlueprintDocument _template = null!;
    private long _counter;

    public override string Name => "blueprint_write";
    public override double DefaultRate => 10;

    protected override async Task InitOnceAsync(LoadContext context, CancellationToken ct)
    {
        _client = await CallerAsync(context, "load-" + Name, ct);
        _template = SampleBlueprints.Load("expense-approval.json");
    }

    public override async Task<bool> StepAsync(LoadContext context, CancellationToken ct)
    {
        var sent = _template with { Title = $"{Name} {Interlocked.Increment(ref _counter)} {Guid.NewGuid():N}" };
        var created = await _client.Blueprints.CreateAsync(sent, ct);
        context.Stored.Blueprint();
        return Expect(SampleBlueprints.IsServerId(created.Id) && created.Version == 1 && !created.Published,
                   "create: not a new draft (id, version 1, unpublished)")
               && Expect(SampleBlueprints.Content(created) == SampleBlueprints.Content(sent), "create: content differs from what was sent");
    }
}
