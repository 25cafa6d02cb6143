using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.Hosting;

namespace Sorcha.ServiceDefaults.Tests;

/// <summary>/health and /alive are mapped only behind the shared middleware (ServiceDefaultsExtensions).</summary>
public sealed class DefaultEndpointsTests
{
    [Fact]
    public async Task Default_endpoints_mapped_without_the_shared_middleware_are_refused()
    {
        var builder = WebApplication.CreateBuilder(new WebApplicationOptions { EnvironmentName = Environments.Development });
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.AddServiceDefaults();
        await using var app = builder.Build();

        var e = Assert.Throws<InvalidOperationException>(() => app.MapDefaultEndpoints());

        Assert.Contains("UseServiceDefaults", e.Message, StringComparison.Ordinal);
    }
}
