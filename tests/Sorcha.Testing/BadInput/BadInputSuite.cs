using System.Collections.Concurrent;
using System.Text.Json;

namespace Sorcha.Testing.BadInput;

/// <summary>
/// Runs one case: the answer must be a 4xx the case allows, as an RFC 9457 problem document carrying that status,
/// within <see cref="Patience"/>; and after anything but a GET, the suite's reads must show what they showed before.
/// The resources are made once per suite class and target.
/// </summary>
public abstract class BadInputSuite(BadInputTarget target)
{
    public static readonly TimeSpan Patience = TimeSpan.FromSeconds(30);

    private static readonly ConcurrentDictionary<(Type, BadInputTarget), Lazy<Task<Session>>> Sessions = new();

    private static readonly HttpClient Http = new(new SocketsHttpHandler { AllowAutoRedirect = false, UseCookies = false })
    {
        Timeout = Timeout.InfiniteTimeSpan,
    };

    protected abstract CaseTable Table { get; }

    /// <summary>Makes the resources the cases refer to, as <paramref name="owner"/> (and <paramref name="foreign"/>).</summary>
    protected abstract Task<Resources> CreateResourcesAsync(HttpClient owner, HttpClient foreign);

    /// <summary>A text that changes whenever a bad request changed something (lists, heights, documents).</summary>
    protected abstract Task<string> SnapshotAsync(HttpClient owner, HttpClient foreign, Resources resources);

    protected async Task RunAsync(string name)
    {
        var badCase = Table.All[name];
        var session = await Sessions.GetOrAdd((GetType(), target), _ => new Lazy<Task<Session>>(StartAsync)).Value;
        var (status, contentType, body) = await SendAsync(session, badCase);

        if (badCase.BatchItems)
        {
            AssertEveryItemRefused(status, body);
        }
        else
        {
            Assert.True(badCase.Expected.Contains(status) && status is >= 400 and < 500,
                $"{name}: expected {string.Join(" or ", badCase.Expected)}, got {status}: {Clip(body)}");
            Assert.True(contentType == "application/problem+json", $"{name}: {status} with content type '{contentType}': {Clip(body)}");
            using var problem = JsonDocument.Parse(body);
            Assert.Equal(status, problem.RootElement.GetProperty("status").GetInt32());
        }

        if (badCase.Method != HttpMethod.Get)
        {
            var after = await SnapshotAsync(session.Owner, session.Foreign, session.Resources);
            var before = session.Before;
            session.Before = after; // so that one case that changed something fails alone, not every case after it
            Assert.Equal(before, after);
        }
    }

    private async Task<Session> StartAsync()
    {
        var owner = await target.ClientAsync("badinput-owner-" + GetType().Name);
        var foreign = await target.ClientAsync("badinput-foreign-" + GetType().Name);
        var resources = await CreateResourcesAsync(owner, foreign);
        return new Session(owner, foreign, resources, await SnapshotAsync(owner, foreign, resources));
    }

    private async Task<(int Status, string? ContentType, string Body)> SendAsync(Session session, BadInputCase badCase)
    {
        var path = session.Resources.Fill(badCase.Path);
        using var request = new HttpRequestMessage(badCase.Method, new Uri(target.Address(badCase.Service, path), path))
        {
            Content = badCase.Body?.Invoke(session.Resources),
        };
        // Invalid on purpose: the OpenAPI check (where the target has one) checks only the answer.
        request.Options.Set(Platform.OpenApi.OpenApiValidatingHandler.BadInput, true);
        var authorization = BadTokens.Header(badCase.Caller, target.DevClientSecret,
            session.Owner.DefaultRequestHeaders.Authorization!.Parameter!, session.Foreign.DefaultRequestHeaders.Authorization!.Parameter!);
        if (authorization is not null)
        {
            request.Headers.TryAddWithoutValidation("Authorization", authorization);
        }

        using var patience = new CancellationTokenSource(Patience);
        try
        {
            using var response = await (target.BadInputSender ?? Http).SendAsync(request, patience.Token);
            return ((int)response.StatusCode, response.Content.Headers.ContentType?.MediaType,
                await response.Content.ReadAsStringAsync(patience.Token));
        }
        catch (OperationCanceledException) when (patience.IsCancellationRequested)
        {
            Assert.Fail($"{badCase.Name}: no answer within {Patience.TotalSeconds:F0} s");
            throw;
        }
    }

    private static void AssertEveryItemRefused(int status, string body)
    {
        Assert.True(status == 200, $"a batch answers 200 with per-item results, got {status}: {Clip(body)}");
        using var answer = JsonDocument.Parse(body);
        foreach (var item in answer.RootElement.GetProperty("results").EnumerateArray())
        {
            var itemStatus = item.GetProperty("status").GetInt32();
            Assert.True(itemStatus is >= 400 and < 500, $"an item was answered {itemStatus}: {Clip(item.GetRawText())}");
            Assert.Equal(itemStatus, item.GetProperty("problem").GetProperty("status").GetInt32());
        }
    }

    private static string Clip(string text) => text.Length > 400 ? text[..400] + "…" : text;

    private sealed record Session(HttpClient Owner, HttpClient Foreign, Resources Resources, string Before)
    {
        public string Before { get; set; } = Before;
    }
}
