extern alias WebApp;

using System.Text.Json;
using Sorcha.Client;
using Sorcha.Contracts;
using Sorcha.Contracts.Blueprints;
using Sorcha.IntegrationTests.Infrastructure;
using WebApp::Sorcha.Web.Designer;

namespace Sorcha.IntegrationTests.Web;

/// <summary>
/// Nothing the designer opens is lost when it is saved, for the blueprints the tests create, not only the samples:
/// every blueprint on the shared platform when this runs (the samples, and the hundreds of blueprints other classes
/// made before it: hostile titles, budget-breaking schemas, edited versions) is opened as the designer opens it
/// (<see cref="BlueprintDraft.From"/>) and saved unchanged, and reads back equal; and the designer's live checks find
/// no problem in one the server published. The editors' own round trip, every action shown, is bUnit's
/// (Sorcha.Web.Tests, RoundTripTests).
/// </summary>
[Collection(PlatformScope.Name)]
public sealed class DesignerRoundTripTests(PlatformFixture platform)
{
    private const int PageSize = 100;

    [Fact]
    public async Task Every_blueprint_on_the_platform_opened_in_the_designer_and_saved_unchanged_reads_back_equal()
    {
        using var client = await platform.ClientAsync($"designer-round-trip-{Guid.NewGuid():N}");
        // Never an empty check: two of this test's own, one published.
        await BlueprintFlows.CreateAsync(client, BlueprintFlows.Sample("loan-application"));
        await BlueprintFlows.PublishedAsync(client, "expense-approval");

        var (opened, published) = (0, 0);
        for (var page = 1; ; page++)
        {
            var found = await Json.GetAsync<Paged<BlueprintDto>>(client, $"/api/blueprints?page={page}&pageSize={PageSize}");
            foreach (var blueprint in found.Items)
            {
                var original = JsonSerializer.SerializeToNode(blueprint.ToDocument(), SorchaJsonContext.Default.BlueprintDocument);
                var draft = BlueprintDraft.From(blueprint.ToDocument());
                var saved = JsonSerializer.SerializeToNode(draft.ToDocument(), SorchaJsonContext.Default.BlueprintDocument);
                Assert.True(JsonMeaning.FirstDifference(original, saved) is null,
                    $"blueprint {blueprint.Id} differs after a save at {JsonMeaning.FirstDifference(original, saved)}");
                if (blueprint.Published)
                {
                    Assert.True(DraftChecks.Run(draft).Count == 0, $"published blueprint {blueprint.Id}: the designer finds " +
                        string.Join("; ", DraftChecks.Run(draft).Select(p => $"{p.Pointer}: {p.Message}")));
                    published++;
                }

                opened++;
            }

            if (found.Items.Count < PageSize)
            {
                break;
            }
        }

        Assert.True(opened >= 2 && published >= 1, $"{opened} opened, {published} published");
    }
}
