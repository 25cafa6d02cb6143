using Microsoft.AspNetCore.Builder;
using Sorcha.AppHost;

namespace Sorcha.AppHost.Tests;

/// <summary>
/// The environment the AppHost runs the services in comes from its own, as any ASP.NET app's does; with none given
/// (a developer's `dotnet run`) it is Development, not ASP.NET's default Production. Alone
/// (<see cref="ProcessEnvironmentScope"/>): it sets the process's environment, which other tests' builders read.
/// </summary>
[Collection(ProcessEnvironmentScope.Name)]
public sealed class AppHostEnvironmentTests
{
    [Theory]
    [InlineData(null, null, "Development")]
    [InlineData("Production", null, "Production")]
    [InlineData(null, "Staging", "Staging")]
    public void The_services_run_in_the_environment_the_AppHost_is_given(string? aspnetcore, string? dotnet, string expected)
    {
        var saved = (Environment.GetEnvironmentVariable("ASPNETCORE_ENVIRONMENT"), Environment.GetEnvironmentVariable("DOTNET_ENVIRONMENT"));
        Environment.SetEnvironmentVariable("ASPNETCORE_ENVIRONMENT", aspnetcore);
        Environment.SetEnvironmentVariable("DOTNET_ENVIRONMENT", dotnet);
        try
        {
            Assert.Equal(expected, EnvironmentOf());
        }
        finally
        {
            Environment.SetEnvironmentVariable("ASPNETCORE_ENVIRONMENT", saved.Item1);
            Environment.SetEnvironmentVariable("DOTNET_ENVIRONMENT", saved.Item2);
        }
    }

    [Fact]
    public void The_command_line_can_name_it_too() => Assert.Equal("Production", EnvironmentOf("--environment", "Production"));

    /// <summary>
    /// Aspire's host runs in the services' environment, Development by default, not the host's own default
    /// (Production): Aspire gives every process it exports telemetry from its development settings only there.
    /// </summary>
    [Theory]
    [InlineData(null, new string[0], "Development")]
    [InlineData("Production", new string[0], "Production")]
    [InlineData(null, new[] { "--environment", "Staging" }, "Staging")]
    public void Aspires_host_runs_in_the_services_environment(string? aspnetcore, string[] args, string expected)
    {
        var saved = Environment.GetEnvironmentVariable("ASPNETCORE_ENVIRONMENT");
        Environment.SetEnvironmentVariable("ASPNETCORE_ENVIRONMENT", aspnetcore);
        try
        {
            var builder = Microsoft.Extensions.Hosting.Host.CreateApplicationBuilder(SorchaApp.ApplicationOptions(args).Args);
            Assert.Equal(expected, builder.Environment.EnvironmentName);
            Assert.Equal(expected, AppHostConfiguration.Environment(builder.Configuration));
        }
        finally
        {
            Environment.SetEnvironmentVariable("ASPNETCORE_ENVIRONMENT", saved);
        }
    }

    private static string EnvironmentOf(params string[] args)
    {
        using var configuration = WebApplication.CreateBuilder(args).Configuration;
        return AppHostConfiguration.Environment(configuration);
    }
}
