using System.Text.Json;
using Sorcha.Client;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;

namespace Sorcha.IntegrationTests.Web;

/// <summary>
/// The people of a browser test: each a development caller of a fresh name, signed in in a browser context of their
/// own, with the API client of that same caller for what the page under test does not do (the author's blueprint).
/// </summary>
public static class People
{
    public static string Name(string role) => $"web-{role}-{Guid.NewGuid():N}"[..24];

    public static SorchaClient Api(PlatformFixture platform, string name) =>
        SorchaClient.ForDevCaller(platform.Gateway, name, platform.Options.DevClientSecret);

    public static async Task<WalletDto> WalletAsync(PlatformFixture platform, string name) =>
        await Api(platform, name).Wallets.CreateAsync(name, SignatureAlgorithm.ED25519);

    /// <summary>A sample blueprint (samples/blueprints), changed by <paramref name="edit"/>, created and published by <paramref name="author"/>.</summary>
    public static async Task<BlueprintDto> PublishedAsync(PlatformFixture platform, string author, string sample,
        Action<System.Text.Json.Nodes.JsonObject>? edit = null)
    {
        var document = Samples.Blueprint(sample);
        edit?.Invoke(document);
        var api = Api(platform, author);
        var created = await api.Blueprints.CreateAsync(document.Deserialize(SorchaJsonContext.Default.BlueprintDocument)!);
        return await api.Blueprints.PublishAsync(created.Id);
    }
}
