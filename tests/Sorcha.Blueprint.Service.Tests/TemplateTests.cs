using System.Net;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Contracts;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Templates;
using Sorcha.Testing.Blueprints;

namespace Sorcha.Blueprint.Service.Tests;

/// <summary>Templates: private to their creator, instantiated into draft blueprints that would publish, or one 422 listing every problem.</summary>
[Collection(BlueprintScope.Name)]
public sealed class TemplateTests(BlueprintServices services)
{
    [Fact]
    public async Task A_template_is_created_listed_read_and_deleted_by_its_creator_and_is_404_to_anyone_else()
    {
        using var owner = await services.ClientAsync("tpl-crud-owner");
        using var other = await services.ClientAsync("tpl-crud-other");
        var created = await Json.PostAsync<TemplateDto>(owner, "/api/templates", Samples.Template("loan-application"), HttpStatusCode.Created);
        var id = created.Id;
        Assert.Matches("^[0-9a-f]{32}$", id);
        Assert.Equal("Personal loan application", created.Title);
        Assert.Equal("${lender}", (string?)created.Template["participants"]![2]!["name"]);

        Assert.Equal(id, (await Json.GetAsync<TemplateDto>(owner, $"/api/templates/{id}")).Id);
        var mine = await Json.GetAsync<Paged<TemplateDto>>(owner, "/api/templates");
        Assert.Equal(1, mine.TotalCount);
        Assert.Equal(0, (await Json.GetAsync<Paged<TemplateDto>>(other, "/api/templates")).TotalCount);

        await ProblemAssert.RefusedAsync(other, HttpMethod.Get, $"/api/templates/{id}", null, HttpStatusCode.NotFound);
        await ProblemAssert.RefusedAsync(other, HttpMethod.Post, $"/api/templates/{id}/instantiate",
            Samples.TemplateParameters("loan-application"), HttpStatusCode.NotFound);
        await ProblemAssert.RefusedAsync(other, HttpMethod.Delete, $"/api/templates/{id}", null, HttpStatusCode.NotFound);

        await Json.SendAsync<JsonElement>(owner, HttpMethod.Delete, $"/api/templates/{id}", null, HttpStatusCode.NoContent);
        await ProblemAssert.RefusedAsync(owner, HttpMethod.Get, $"/api/templates/{id}", null, HttpStatusCode.NotFound);
        await ProblemAssert.RefusedAsync(owner, HttpMethod.Delete, $"/api/templates/{id}", null, HttpStatusCode.NotFound);
        Assert.Equal(0, (await Json.GetAsync<Paged<TemplateDto>>(owner, "/api/templates")).TotalCount);
    }

    [Fact]
    public async Task The_loan_sample_with_its_example_parameters_is_the_loan_blueprint_sample_and_publishes()
    {
        using var caller = await services.ClientAsync("tpl-loan");
        var id = (await Json.PostAsync<TemplateDto>(caller, "/api/templates", Samples.Template("loan-application"), HttpStatusCode.Created)).Id;
        var answer = await Json.PostAsync<BlueprintDto>(caller, $"/api/templates/{id}/instantiate",
            Samples.TemplateParameters("loan-application"), HttpStatusCode.Created);

        // What samples/blueprints/loan-application.json holds is this template's rendering with the example parameters.
        var blueprintId = answer.Id;
        // Both as the server stores them (it writes out the members a sample leaves out), less what the server decides.
        var stored = JsonNode.Parse(await caller.GetStringAsync($"/api/blueprints/{blueprintId}"))!.AsObject();
        var sampleId = (await BlueprintFlows.CreateAsync(caller, Samples.Blueprint("loan-application"))).Id!;
        var sample = JsonNode.Parse(await caller.GetStringAsync($"/api/blueprints/{sampleId}"))!.AsObject();
        foreach (var serverOwned in new[] { "id", "version", "published", "createdAt", "updatedAt", "publishedAt", "publishedVersion" })
        {
            stored.Remove(serverOwned);
            sample.Remove(serverOwned);
        }

        Assert.True(JsonNode.DeepEquals(sample, stored), stored.ToJsonString());
        Assert.Equal((1, false), (answer.Version, answer.Published));
        Assert.True((await Json.PostAsync<BlueprintDto>(caller, $"/api/blueprints/{blueprintId}/publish", null, HttpStatusCode.OK)).Published);

        // Other parameters, another blueprint: the lender's name and the thresholds land where the template puts them.
        var parameters = Samples.TemplateParameters("loan-application");
        parameters["parameters"]!["lender"] = "Northwind Credit";
        parameters["parameters"]!["manualReviewThreshold"] = 50000;
        var other = await Json.PostAsync<BlueprintDto>(caller, $"/api/templates/{id}/instantiate", parameters, HttpStatusCode.Created);
        Assert.Equal("Northwind Credit", other.Participants.Single(p => p.Id == "bank").Name);
        Assert.Contains("50000", JsonSerializer.Serialize(other.Actions[0].Calculations), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Instantiating_lists_every_problem_of_the_parameters_and_of_the_result_in_one_422()
    {
        using var caller = await services.ClientAsync("tpl-problems");
        var id = (await Json.PostAsync<TemplateDto>(caller, "/api/templates", Samples.Template("loan-application"), HttpStatusCode.Created)).Id;
        var parameters = new JsonObject
        {
            ["title"] = "",
            ["lender"] = "Bank",
            ["maxLoanAmount"] = "lots",
            ["manualReviewThreshold"] = 5,
            ["maxDebtToIncome"] = 2,
        };
        var before = await BlueprintCountAsync(caller);
        var problem = await ProblemAssert.RefusedAsync(caller, HttpMethod.Post, $"/api/templates/{id}/instantiate",
            new { parameters }, HttpStatusCode.UnprocessableEntity);

        var keys = ProblemAssert.ErrorKeys(problem);
        Assert.Contains("/parameters/title", keys);
        Assert.Contains("/parameters/maxLoanAmount", keys);
        Assert.Contains("/parameters/maxDebtToIncome", keys);
        Assert.Contains("/result/title", keys);
        Assert.Equal(before, await BlueprintCountAsync(caller));
    }

    [Fact]
    public async Task A_result_that_would_not_publish_and_an_evaluation_error_are_422_with_their_pointers()
    {
        using var caller = await services.ClientAsync("tpl-result");
        var template = new JsonObject
        {
            ["title"] = "${name}",
            ["participants"] = new JsonArray(new JsonObject { ["id"] = "a", ["name"] = "A" }),
            ["actions"] = new JsonArray(new JsonObject
            {
                ["id"] = "one", ["title"] = "One", ["sender"] = "${sender}", ["dataSchema"] = true,
                ["routes"] = new JsonArray(new JsonObject { ["next"] = "nowhere" }),
            }),
        };
        var id = (await Json.PostAsync<TemplateDto>(caller, "/api/templates",
            new { title = "Broken", parameters = JsonNode.Parse("""{"type":"object"}"""), template }, HttpStatusCode.Created)).Id;

        var problem = await ProblemAssert.RefusedAsync(caller, HttpMethod.Post, $"/api/templates/{id}/instantiate",
            new { parameters = new { name = "Solo", sender = "b" } }, HttpStatusCode.UnprocessableEntity);
        var keys = ProblemAssert.ErrorKeys(problem);
        Assert.Contains("/result/participants", keys);
        Assert.Contains("/result/actions/0/sender", keys);
        Assert.Contains("/result/actions/0/routes/0/next", keys);

        var unknown = await ProblemAssert.RefusedAsync(caller, HttpMethod.Post, $"/api/templates/{id}/instantiate",
            new { parameters = new { name = "Solo" } }, HttpStatusCode.UnprocessableEntity);
        Assert.Contains("/template", ProblemAssert.ErrorKeys(unknown));
    }

    [Fact]
    public async Task A_parameters_schema_that_is_not_a_schema_is_422_at_creation_and_nothing_is_stored()
    {
        using var caller = await services.ClientAsync("tpl-bad-schema");
        var problem = await ProblemAssert.RefusedAsync(caller, HttpMethod.Post, "/api/templates",
            new { title = "Bad", parameters = JsonNode.Parse("""{"type": 5, "minimum": "x"}"""), template = new { title = "x" } },
            HttpStatusCode.UnprocessableEntity);
        Assert.All(ProblemAssert.ErrorKeys(problem), k => Assert.StartsWith("/parameters", k, StringComparison.Ordinal));
        Assert.Equal(0, (await Json.GetAsync<Paged<TemplateDto>>(caller, "/api/templates")).TotalCount);
    }

    [Fact]
    public async Task Evaluation_over_the_work_budget_is_the_budget_problem_of_the_execution_routes()
    {
        using var caller = await services.ClientAsync("tpl-budget");
        var id = (await Json.PostAsync<TemplateDto>(caller, "/api/templates", new
        {
            title = "Greedy",
            parameters = true,
            template = new { title = "x", description = string.Concat(Enumerable.Repeat("${big}", 8)) },
        }, HttpStatusCode.Created)).Id;

        var problem = await ProblemAssert.RefusedAsync(caller, HttpMethod.Post, $"/api/templates/{id}/instantiate",
            new { parameters = new { big = new string('x', 400_000) } }, HttpStatusCode.UnprocessableEntity);
        Assert.Equal("Output budget exceeded", problem.Title);
        Assert.Equal("output", problem.Extensions!["budget"].GetString());
    }

    private static async Task<long> BlueprintCountAsync(HttpClient caller) =>
        (await Json.GetAsync<Paged<BlueprintDto>>(caller, "/api/blueprints?pageSize=1")).TotalCount;
}
