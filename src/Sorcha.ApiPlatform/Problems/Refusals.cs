using System.Reflection;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;

namespace Sorcha.ApiPlatform.Problems;

/// <summary>
/// The problems a handler answers with: each status, and whether its document carries field errors (a validation
/// problem) or is a plain problem. Listed once, where the refusals are decided.
/// </summary>
public interface IRefusalList
{
    static abstract IReadOnlyList<(int Status, bool FieldErrors)> Statuses { get; }
}

/// <summary>
/// In a handler's <c>Results&lt;…&gt;</c>, the refusals of <typeparamref name="TList"/>, so the OpenAPI document lists them
/// from the handler's own type rather than from a list kept beside its mapping. A returned problem
/// (<see cref="ApiProblems"/>) or a thrown one (<see cref="ProblemException"/>, written the same way by
/// <see cref="ProblemExceptionHandler"/>) is one of them; this type only declares them and is never answered itself.
/// </summary>
public sealed class Refusals<TList> : IResult, IEndpointMetadataProvider where TList : IRefusalList
{
    private Refusals()
    {
    }

    static void IEndpointMetadataProvider.PopulateMetadata(MethodInfo method, EndpointBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);
        foreach (var (status, fieldErrors) in TList.Statuses)
        {
            builder.Metadata.Add(new ProducesResponseTypeMetadata(status,
                fieldErrors ? typeof(HttpValidationProblemDetails) : typeof(Microsoft.AspNetCore.Mvc.ProblemDetails), ["application/problem+json"]));
        }
    }

    public Task ExecuteAsync(HttpContext httpContext) => throw new InvalidOperationException("Refusals only declares a handler's problems.");
}
